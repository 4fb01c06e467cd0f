"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { RecognitionChip } from "./recognition-badge";

/** Newest mail first; polls so new messages show up without a reload. */
export function MessageList({ mailboxId, query }: { mailboxId?: string | undefined; query?: string | undefined }) {
  const t = useTranslations("mail.list");
  const common = useTranslations("common");
  const format = useFormatter();
  const list = trpc.messages.list.useInfiniteQuery(
    { mailboxId: mailboxId ?? null, query: query?.trim() || undefined, limit: 30 },
    { getNextPageParam: (page) => page.nextCursor, refetchInterval: 5_000 },
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (list.isError) return <ErrorAlert error={list.error} />;
  if (items.length === 0) {
    return <p className="card empty">{query ? t("noMatch", { query }) : t("empty")}</p>;
  }
  return (
    <>
      <table className="list" aria-label={t("label")}>
        <thead>
          <tr>
            <th scope="col">{t("from")}</th>
            <th scope="col">{t("subject")}</th>
            <th scope="col">{t("code")}</th>
            <th scope="col">{t("to")}</th>
            <th scope="col">{t("received")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} style={{ fontWeight: m.read ? 400 : 700 }} data-read={m.read}>
              <td>{m.from.name || m.from.address}</td>
              <td>
                {!m.read && <span className="sr-only">{t("unread")} </span>}
                <Link href={`/message?id=${m.id}`}>{m.subject || t("noSubject")}</Link>
                <div className="muted" style={{ fontWeight: 400, fontSize: "0.85rem" }}>{m.preview}</div>
              </td>
              <td><RecognitionChip recognition={m.recognition} /></td>
              <td className="muted">{m.mailboxAddress}</td>
              <td className="muted">{format.dateTime(m.receivedAt, { dateStyle: "short", timeStyle: "short" })}</td>
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
    </>
  );
}
