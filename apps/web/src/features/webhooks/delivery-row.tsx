"use client";

import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { formatTime, prettyJson, type Delivery } from "./format";
import { text } from "./strings";

export function StatusBadge({ status }: { status: Delivery["status"] }) {
  return <span className={`badge ${status === "succeeded" ? "ok" : status === "failed" ? "warn" : ""}`}>{text.deliveryStatus[status]}</span>;
}

/** The latest attempt in one line: the status code (or why there was none) and the error. */
export function outcome(delivery: Pick<Delivery, "attempts" | "lastStatusCode" | "lastError">): string {
  if (delivery.attempts === 0) return "—";
  const code = delivery.lastStatusCode === null ? text.log.noResponse : String(delivery.lastStatusCode);
  // "HTTP 503" says nothing the code does not.
  return delivery.lastError && delivery.lastError !== `HTTP ${code}` ? `${code} · ${delivery.lastError}` : code;
}

/** What was sent and what came back, attempt by attempt. */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  return (
    <div className="stack">
      <div>
        <h4>{text.log.requestBody}</h4>
        <pre className="code">{prettyJson(delivery.requestBody)}</pre>
      </div>
      {delivery.attemptLog.map((attempt) => (
        <div key={attempt.attempt} className="stack" data-testid="webhook-attempt">
          <h4>
            {text.log.attempt(attempt.attempt)} · {formatTime(attempt.at)} · {text.log.duration(attempt.durationMs)}
          </h4>
          <dl>
            <dt>{text.log.responseCode}</dt>
            <dd data-testid="webhook-response-code">{attempt.statusCode ?? text.log.noResponse}</dd>
            {attempt.error && (
              <>
                <dt>{text.log.error}</dt>
                <dd>{attempt.error}</dd>
              </>
            )}
            <dt>{text.log.responseText}</dt>
            <dd>
              <pre className="code" data-testid="webhook-response-text">{attempt.responseText ?? "—"}</pre>
            </dd>
            <dt>{text.log.headersSent}</dt>
            <dd>
              {attempt.requestHeaders ? (
                <pre className="code">{Object.entries(attempt.requestHeaders).map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
              ) : (
                text.log.notSent
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
  const redeliver = trpc.webhooks.redeliver.useMutation({ onSuccess: onRedelivered });
  return (
    <li className="card stack" data-testid="webhook-delivery">
      <div className="row">
        <StatusBadge status={delivery.status} />
        <code className="token">{delivery.eventType}</code>
        <span data-testid="webhook-delivery-outcome">{outcome(delivery)}</span>
        <span className="muted">
          {formatTime(delivery.createdAt)} · {text.log.attempts}: {delivery.attempts}/{delivery.maxAttempts}
          {delivery.nextAttemptAt && ` · ${text.log.next(formatTime(delivery.nextAttemptAt))}`}
        </span>
        <button className="button small" type="button" disabled={redeliver.isPending} onClick={() => { redeliver.mutate({ deliveryId: delivery.id }); }}>
          {redeliver.isPending ? text.log.redelivering : text.log.redeliver}
        </button>
      </div>
      {redeliver.error && <p className="alert error" role="alert">{errorMessage(redeliver.error)}</p>}
      <details>
        <summary>{text.log.details}</summary>
        <DeliveryDetails delivery={delivery} />
      </details>
    </li>
  );
}
