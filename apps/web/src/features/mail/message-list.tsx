"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { BulkActions, useSelection } from "./bulk-actions";
import { RecognitionChip } from "./recognition-badge";
import { useInboxKeys } from "./use-inbox-keys";

/**
 * Newest mail first; polls so new messages show up without a reload. In the inbox (`bulk`),
 * messages can be selected for bulk actions and walked with the keyboard.
 */
export function MessageList({ mailboxId, query, bulk = false }: { mailboxId?: string | undefined; query?: string | undefined; bulk?: boolean }) {
  const t = useTranslations("mail.list");
  const common = useTranslations("common");
  const format = useFormatter();
  const router = useRouter();
  const list = trpc.messages.list.useInfiniteQuery(
    { mailboxId: mailboxId ?? null, query: query?.trim() || undefined, limit: 30 },
    { getNextPageParam: (page) => page.nextCursor, refetchInterval: 5_000 },
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const selection = useSelection(items);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const keys = useInboxKeys({
    enabled: bulk,
    items,
    focus: (id) => links.current.get(id)?.focus(),
    open: (id) => {
      router.push(`/message?id=${id}`);
    },
    toggle: selection.toggle,
  });
  if (list.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (list.isError) return <ErrorAlert error={list.error} />;
  if (items.length === 0) {
    return <p className="card empty">{query ? t("noMatch", { query }) : t("empty")}</p>;
  }
  return (
    <>
      {bulk && <BulkActions total={items.length} selection={selection} />}
      <table className="list" aria-label={t("label")}>
        <thead>
          <tr>
            {bulk && <th scope="col"><span className="sr-only">{t("selectColumn")}</span></th>}
            <th scope="col">{t("from")}</th>
            <th scope="col">{t("subject")}</th>
            <th scope="col">{t("code")}</th>
            <th scope="col">{t("to")}</th>
            <th scope="col">{t("received")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} style={{ fontWeight: m.read ? 400 : 700 }} data-read={m.read} data-current={keys.current === m.id || undefined}>
              {bulk && (
                <td className="select">
                  <input type="checkbox" aria-label={t("select", { subject: m.subject || t("noSubject") })} checked={selection.has(m.id)} onChange={() => { selection.toggle(m.id); }} />
                </td>
              )}
              <td>{m.from.name || m.from.address}</td>
              <td>
                {!m.read && <span className="sr-only">{t("unread")} </span>}
                <Link
                  href={`/message?id=${m.id}`}
                  ref={(el) => {
                    if (el) links.current.set(m.id, el);
                    else links.current.delete(m.id);
                  }}
                >
                  {m.subject || t("noSubject")}
                </Link>
                {m.suspicious && <> <span className="badge warn">{t("suspicious")}</span></>}
                <div className="muted" style={{ fontWeight: 400, fontSize: "0.85rem" }}>{m.preview}</div>
              </td>
              <td data-label={t("code")}>
                <RecognitionChip recognition={m.recognition} />
                {keys.copied?.id === m.id && (
                  <span className={`badge ${keys.copied.outcome === "copied" ? "ok" : ""}`} role="status">
                    {" "}{keys.copied.outcome === "copied" ? common("copied") : t("nothingToCopy")}
                  </span>
                )}
              </td>
              <td className="muted" data-label={t("to")}>
                {m.mailboxAddress}
                {m.tag !== null && <> <span className="badge">{t("tag", { tag: m.tag })}</span></>}
              </td>
              <td className="muted" data-label={t("received")}>{format.dateTime(m.receivedAt, { dateStyle: "short", timeStyle: "short" })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.hasNextPage && (
        <p>
          <button className="button" type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? common("loading") : t("older")}
          </button>
        </p>
      )}
      {bulk && <p className="muted key-hint">{t.rich("keys", { kbd: (chunks) => <kbd>{chunks}</kbd> })}</p>}
    </>
  );
}
