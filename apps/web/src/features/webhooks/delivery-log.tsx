"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { DeliveryRow } from "./delivery-row";
import { deliveryStatuses, type DeliveryStatus, type Endpoint } from "./format";

/** An endpoint's deliveries, newest first, filtered by status, a page at a time. */
export function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("webhooks");
  const filterId = useId();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const log = trpc.webhooks.deliveries.useInfiniteQuery(
    { id: endpoint.id, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor },
  );
  // A redelivery changes the log and the endpoint's health.
  const refresh = () => Promise.all([utils.webhooks.deliveries.invalidate({ id: endpoint.id }), utils.webhooks.list.invalidate()]);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-label={t("log.heading", { name: endpoint.name })}>
      <div className="row">
        <div className="field">
          <label htmlFor={filterId}>{t("log.filter")}</label>
          <select
            id={filterId}
            value={status}
            onChange={(e) => {
              const next = deliveryStatuses.find((s) => s === e.target.value);
              setStatus(next ?? "");
            }}
          >
            <option value="">{t("log.all")}</option>
            {deliveryStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`deliveryStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending && <p className="muted" role="status">{t("loading")}</p>}
      {log.isError && <ErrorAlert error={log.error} />}
      {log.data && items.length === 0 && <p className="muted">{t("log.empty")}</p>}
      {items.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {items.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} onRedelivered={() => void refresh()} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button className="button" type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t("log.more")}
        </button>
      )}
    </section>
  );
}
