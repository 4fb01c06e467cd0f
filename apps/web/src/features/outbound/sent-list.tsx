"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import type { AppRouter } from "@mailroom/api";
import type { inferRouterOutputs } from "@trpc/server";
import { OutboundUsage, useOutboundStatus } from "./status";

type Status = inferRouterOutputs<AppRouter>["outbound"]["list"]["items"][number]["status"];

// Good news green, bad news amber; waiting plain.
const badgeOf: Record<Status, string> = { queued: "", sent: "ok", delivered: "ok", delayed: "", failed: "warn", bounced: "warn", complained: "warn" };

/** The text of one sent mail, fetched when the user opens it. */
function SentBody({ id }: { id: string }) {
  const t = useTranslations("outbound.sent");
  const record = trpc.outbound.get.useQuery({ id });
  if (record.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (record.isError) return <ErrorAlert error={record.error} />;
  return <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}>{record.data.text}</pre>;
}

/** The user's sent mail, newest first: status per record (provider events included) and why it failed or bounced. */
export function SentList() {
  const t = useTranslations("outbound.sent");
  const format = useFormatter();
  const status = useOutboundStatus();
  const list = trpc.outbound.list.useInfiniteQuery({ limit: 30 }, { getNextPageParam: (page) => page.nextCursor });
  const [open, setOpen] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="stack">
      <div className="page-header">
        <div>
          <h1>{t("title")}</h1>
          {status.data && <OutboundUsage status={status.data} />}
        </div>
        {status.data?.enabled && <Link className="button primary" href="/compose">{t("compose")}</Link>}
      </div>
      {list.isPending && <p className="muted" role="status">{t("loading")}</p>}
      {list.isError && <ErrorAlert error={list.error} />}
      {list.data && items.length === 0 && <p className="card empty">{t("empty")}</p>}
      {items.length > 0 && (
        <table className="list" aria-label={t("title")}>
          <thead>
            <tr>
              <th scope="col">{t("to")}</th>
              <th scope="col">{t("subject")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("from")}</th>
              <th scope="col">{t("at")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id} data-status={r.status}>
                <td>{[...r.to, ...r.cc].join(", ")}</td>
                <td>
                  {r.subject || t("noSubject")}
                  {r.attachments.length > 0 && <div className="muted">{t("attachmentCount", { count: r.attachments.length })}</div>}
                  <div>
                    <button className="button small" type="button" aria-expanded={open === r.id} onClick={() => { setOpen(open === r.id ? null : r.id); }}>
                      {open === r.id ? t("hide") : t("show")}
                    </button>
                  </div>
                  {open === r.id && <SentBody id={r.id} />}
                </td>
                <td data-label={t("status")}>
                  <span className={`badge ${badgeOf[r.status]}`}>{t(`statuses.${r.status}`)}</span>
                  {r.status === "failed" && r.error && <div className="field-error">{r.error}</div>}
                  {r.status === "bounced" && r.statusReason && <div className="field-error">{r.statusReason}</div>}
                  {r.status === "complained" && <div className="field-error">{t("complainedHint")}</div>}
                  <div className="muted">{t(`via.${r.provider}`)}</div>
                  {r.provider === "platform" && r.status === "sent" && <div className="muted">{t("statusUnreported")}</div>}
                </td>
                <td className="muted" data-label={t("from")}>
                  {r.from}
                  {r.replyTo && <div>{t("replyTo", { address: r.replyTo })}</div>}
                </td>
                <td className="muted" data-label={t("at")}>{format.dateTime(r.createdAt, { dateStyle: "medium", timeStyle: "short" })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.hasNextPage && (
        <p>
          <button className="button" type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t("loadingMore") : t("older")}
          </button>
        </p>
      )}
    </section>
  );
}
