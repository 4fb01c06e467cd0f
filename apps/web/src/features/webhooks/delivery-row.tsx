"use client";

import { useTranslations } from "next-intl";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { useFormatTime, prettyJson, type Delivery } from "./format";

export function StatusBadge({ status }: { status: Delivery["status"] }) {
  const t = useTranslations("webhooks");
  return <span className={`badge ${status === "succeeded" ? "ok" : status === "failed" ? "warn" : ""}`}>{t(`deliveryStatus.${status}`)}</span>;
}

/** The latest attempt in one line: the status code (or why there was none) and the error. */
export function outcome(delivery: Pick<Delivery, "attempts" | "lastStatusCode" | "lastError">, noResponse: string): string {
  if (delivery.attempts === 0) return "—";
  const code = delivery.lastStatusCode === null ? noResponse : String(delivery.lastStatusCode);
  // "HTTP 503" says nothing the code does not.
  return delivery.lastError && delivery.lastError !== `HTTP ${code}` ? `${code} · ${delivery.lastError}` : code;
}

/** What was sent and what came back, attempt by attempt. */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  const t = useTranslations("webhooks");
  const formatTime = useFormatTime();
  return (
    <div className="stack">
      <div>
        <h4>{t("log.requestBody")}</h4>
        <pre className="code">{prettyJson(delivery.requestBody)}</pre>
      </div>
      {delivery.attemptLog.map((attempt) => (
        <div key={attempt.attempt} className="stack" data-testid="webhook-attempt">
          <h4>
            {t("log.attempt", { n: attempt.attempt })} · {formatTime(attempt.at)} · {t("log.duration", { ms: attempt.durationMs })}
          </h4>
          <dl>
            <dt>{t("log.responseCode")}</dt>
            <dd data-testid="webhook-response-code">{attempt.statusCode ?? t("log.noResponse")}</dd>
            {attempt.error && (
              <>
                <dt>{t("log.error")}</dt>
                <dd>{attempt.error}</dd>
              </>
            )}
            <dt>{t("log.responseText")}</dt>
            <dd>
              <pre className="code" data-testid="webhook-response-text">{attempt.responseText ?? "—"}</pre>
            </dd>
            <dt>{t("log.headersSent")}</dt>
            <dd>
              {attempt.requestHeaders ? (
                <pre className="code">{Object.entries(attempt.requestHeaders).map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
              ) : (
                t("log.notSent")
              )}
            </dd>
          </dl>
        </div>
      ))}
    </div>
  );
}

/** One delivery of the log: a summary row, and the details when expanded; redeliver. */
export function DeliveryRow({ delivery, onRedelivered }: { delivery: Delivery; onRedelivered: () => void }) {
  const t = useTranslations("webhooks");
  const formatTime = useFormatTime();
  const redeliver = trpc.webhooks.redeliver.useMutation({ onSuccess: onRedelivered });
  return (
    <li className="card stack" data-testid="webhook-delivery">
      <div className="row">
        <StatusBadge status={delivery.status} />
        <code className="token">{delivery.eventType}</code>
        <span data-testid="webhook-delivery-outcome">{outcome(delivery, t("log.noResponse"))}</span>
        <span className="muted">
          {formatTime(delivery.createdAt)} · {t("log.attempts")}: {delivery.attempts}/{delivery.maxAttempts}
          {delivery.nextAttemptAt && ` · ${t("log.next", { at: formatTime(delivery.nextAttemptAt) })}`}
        </span>
        <button className="button small" type="button" disabled={redeliver.isPending} onClick={() => { redeliver.mutate({ deliveryId: delivery.id }); }}>
          {redeliver.isPending ? t("log.redelivering") : t("log.redeliver")}
        </button>
      </div>
      {redeliver.error && <ErrorAlert error={redeliver.error} />}
      <details>
        <summary>{t("log.details")}</summary>
        <DeliveryDetails delivery={delivery} />
      </details>
    </li>
  );
}
