"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { apiBase } from "@/lib/api-base";
import { errorCode, errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { ReplyButton } from "@/features/outbound/reply-button";
import { HtmlBody } from "./html-body";
import { RecognitionCard } from "./recognition-badge";

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function MessageView({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const message = trpc.messages.get.useQuery({ id }, { retry: false });
  const [tab, setTab] = useState<"html" | "text">("html");
  const remove = trpc.messages.delete.useMutation({
    onSuccess: async () => {
      await utils.messages.list.invalidate();
      router.replace("/inbox");
    },
  });
  const markRead = trpc.messages.markRead.useMutation({
    onSuccess: () => Promise.all([utils.messages.list.invalidate(), utils.messages.get.invalidate({ id }), utils.mailboxes.list.invalidate()]),
  });
  // Opening a message marks it read once; "Mark unread" then sticks, whatever refetches later.
  const openedUnread = useRef<string | null>(null);
  const unread = message.data?.read === false;
  const { mutate: setRead } = markRead;
  useEffect(() => {
    if (unread && openedUnread.current !== id) {
      openedUnread.current = id;
      setRead({ id, read: true });
    }
  }, [unread, id, setRead]);

  if (message.isPending) return <p className="muted" role="status">Loading message…</p>;
  if (message.isError) {
    return (
      <div className="card empty" role="alert">
        <h2>{errorCode(message.error) === "not_found" ? "Message not found" : "Could not load this message"}</h2>
        <p>{errorCode(message.error) === "not_found" ? "It may have been deleted or expired." : errorMessage(message.error)}</p>
        <Link className="button" href="/inbox">Back to the inbox</Link>
      </div>
    );
  }
  const m = message.data;
  const showHtml = tab === "html" && m.html;
  return (
    <article className="stack">
      <div className="page-header">
        <div>
          <h1>{m.subject || "(no subject)"}</h1>
          <p className="muted">
            From {m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address} · to {m.to} · {m.receivedAt.toLocaleString()}
          </p>
        </div>
        <div className="row">
          <Link className="button small" href="/inbox">Inbox</Link>
          <ReplyButton messageId={m.id} />
          {m.read ? (
            <button className="button small" type="button" disabled={markRead.isPending} onClick={() => { markRead.mutate({ id, read: false }); }}>Mark unread</button>
          ) : (
            <button className="button small" type="button" disabled={markRead.isPending} onClick={() => { markRead.mutate({ id, read: true }); }}>Mark read</button>
          )}
          {m.rawAvailable && <a className="button small" href={`${apiBase}/api/messages/${m.id}/raw`}>Download .eml</a>}
          <button className="button small danger" type="button" disabled={remove.isPending} onClick={() => { if (window.confirm("Delete this message?")) remove.mutate({ id }); }}>
            Delete
          </button>
        </div>
      </div>
      <RecognitionCard recognition={m.recognition} />
      {m.notice && <p className="alert error">{m.notice}</p>}
      {m.attachments.length > 0 && (
        <section aria-label="Attachments" className="card">
          <h2>Attachments</h2>
          <ul>
            {m.attachments.map((a) => (
              <li key={a.id}>
                {a.available ? <a href={`${apiBase}/api/messages/${m.id}/attachments/${a.id}`}>{a.filename}</a> : <span>{a.filename}</span>}{" "}
                <span className="muted">({a.contentType}, {formatSize(a.size)}){!a.available && ` — not kept: ${a.unavailableReason ?? "unavailable"}`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.html && m.text && (
        <div className="row" role="tablist" aria-label="Message format">
          <button role="tab" aria-selected={tab === "html"} className={`button small ${tab === "html" ? "primary" : ""}`} type="button" onClick={() => { setTab("html"); }}>Formatted</button>
          <button role="tab" aria-selected={tab === "text"} className={`button small ${tab === "text" ? "primary" : ""}`} type="button" onClick={() => { setTab("text"); }}>Plain text</button>
        </div>
      )}
      {showHtml ? (
        <HtmlBody html={m.html ?? ""} />
      ) : (
        <pre className="card" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }} data-testid="message-text">{m.text || "(empty message)"}</pre>
      )}
    </article>
  );
}
