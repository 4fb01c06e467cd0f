"use client";

import { useId, useState } from "react";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { DeliveryRow } from "./delivery-row";
import { deliveryStatuses, type DeliveryStatus, type Endpoint } from "./format";
import { text } from "./strings";

/** An endpoint's deliveries, newest first, filtered by status, a page at a time. */
export function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
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
    <section className="stack" aria-label={text.log.heading(endpoint.name)}>
      <div className="row">
        <div className="field">
          <label htmlFor={filterId}>{text.log.filter}</label>
          <select
            id={filterId}
            value={status}
            onChange={(e) => {
              const next = deliveryStatuses.find((s) => s === e.target.value);
              setStatus(next ?? "");
            }}
          >
            <option value="">{text.log.all}</option>
            {deliveryStatuses.map((s) => (
              <option key={s} value={s}>
                {text.deliveryStatus[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending && <p className="muted" role="status">{text.loading}</p>}
      {log.isError && <p className="alert error" role="alert">{errorMessage(log.error)}</p>}
      {log.data && items.length === 0 && <p className="muted">{text.log.empty}</p>}
      {items.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {items.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} onRedelivered={() => void refresh()} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button className="button" type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {text.log.more}
        </button>
      )}
    </section>
  );
}
