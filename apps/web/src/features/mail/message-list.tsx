"use client";

import Link from "next/link";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { RecognitionChip } from "./recognition-badge";

/** Newest mail first; polls so new messages show up without a reload. */
export function MessageList({ mailboxId, query }: { mailboxId?: string | undefined; query?: string | undefined }) {
  const list = trpc.messages.list.useInfiniteQuery(
    { mailboxId: mailboxId ?? null, query: query?.trim() || undefined, limit: 30 },
    { getNextPageParam: (page) => page.nextCursor, refetchInterval: 5_000 },
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <p className="muted" role="status">Loading messages…</p>;
  if (list.isError) return <p className="alert error" role="alert">{errorMessage(list.error)}</p>;
  if (items.length === 0) {
    return <p className="card empty">{query ? `No messages match “${query}”.` : "No mail yet. Messages appear here as soon as they arrive."}</p>;
  }
  return (
    <>
      <table className="list" aria-label="Messages">
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Subject</th>
            <th scope="col">Code</th>
            <th scope="col">To</th>
            <th scope="col">Received</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} style={{ fontWeight: m.read ? 400 : 700 }} data-read={m.read}>
              <td>{m.from.name || m.from.address}</td>
              <td>
                {!m.read && <span className="sr-only">Unread: </span>}
                <Link href={`/message?id=${m.id}`}>{m.subject || "(no subject)"}</Link>
                <div className="muted" style={{ fontWeight: 400, fontSize: "0.85rem" }}>{m.preview}</div>
              </td>
              <td><RecognitionChip recognition={m.recognition} /></td>
              <td className="muted">{m.mailboxAddress}</td>
              <td className="muted">{m.receivedAt.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.hasNextPage && (
        <p>
          <button className="button" type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? "Loading…" : "Older messages"}
          </button>
        </p>
      )}
    </>
  );
}
