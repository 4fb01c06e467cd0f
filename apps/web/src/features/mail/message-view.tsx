"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { apiBase } from "@/lib/api-base";
import { errorCode, useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { ReplyButton } from "@/features/outbound/reply-button";
import { HtmlBody } from "./html-body";
import { AuthenticationBadges, ForwardOutcomes } from "./message-routing";
import { RecognitionCard } from "./recognition-badge";

/** The address without its plus tag: a different one means a catch-all took the message. */
function baseAddress(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

export function MessageView({ id }: { id: string }) {
  const t = useTranslations("mail.view");
  const format = useFormatter();
  const errors = useErrorText();
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

  const formatSize = (bytes: number): string => {
    if (bytes < 1024) return t("bytes", { size: bytes });
    if (bytes < 1024 * 1024) return t("kib", { size: Math.round(bytes / 102.4) / 10 });
    return t("mib", { size: Math.round(bytes / 1024 / 102.4) / 10 });
  };

  if (message.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (message.isError) {
    const gone = errorCode(message.error) === "not_found";
    return (
      <div className="card empty" role="alert">
        <h2>{gone ? t("notFoundTitle") : t("loadFailed")}</h2>
        <p>{gone ? t("notFoundText") : errors.message(message.error)}</p>
        <Link className="button" href="/inbox">{t("backToInbox")}</Link>
      </div>
    );
  }
  const m = message.data;
  const showHtml = tab === "html" && m.html;
  return (
    <article className="stack">
      <div className="page-header">
        <div>
          <h1>{m.subject || t("noSubject")}</h1>
          <p className="muted">
            {t("meta", {
              from: m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address,
              to: m.deliveredTo,
              date: format.dateTime(m.receivedAt, { dateStyle: "medium", timeStyle: "short" }),
            })}{" "}
            {m.tag !== null && <span className="badge" data-testid="plus-tag">{t("tag", { tag: m.tag })}</span>}
          </p>
          {baseAddress(m.deliveredTo) !== m.to && <p className="muted">{t("caughtBy", { mailbox: m.to })}</p>}
        </div>
        <div className="row">
          <Link className="button small" href="/inbox">{t("inbox")}</Link>
          <ReplyButton messageId={m.id} />
          {m.read ? (
            <button className="button small" type="button" disabled={markRead.isPending} onClick={() => { markRead.mutate({ id, read: false }); }}>{t("markUnread")}</button>
          ) : (
            <button className="button small" type="button" disabled={markRead.isPending} onClick={() => { markRead.mutate({ id, read: true }); }}>{t("markRead")}</button>
          )}
          {m.rawAvailable && <a className="button small" href={`${apiBase}/api/messages/${m.id}/raw`}>{t("download")}</a>}
          <button className="button small danger" type="button" disabled={remove.isPending} onClick={() => { if (window.confirm(t("confirmDelete"))) remove.mutate({ id }); }}>
            {t("delete")}
          </button>
        </div>
      </div>
      <ErrorAlert error={remove.error ?? markRead.error} />
      <AuthenticationBadges authentication={m.authentication} suspicious={m.suspicious} />
      <RecognitionCard recognition={m.recognition} />
      <ForwardOutcomes forwards={m.forwards} />
      {m.notice && <p className="alert error">{m.notice}</p>}
      {m.attachments.length > 0 && (
        <section aria-labelledby="attachments-heading" className="card">
          <h2 id="attachments-heading">{t("attachments")}</h2>
          <ul>
            {m.attachments.map((a) => (
              <li key={a.id}>
                {a.available ? <a href={`${apiBase}/api/messages/${m.id}/attachments/${a.id}`}>{a.filename}</a> : <span>{a.filename}</span>}{" "}
                <span className="muted">
                  ({t("attachmentInfo", { type: a.contentType, size: formatSize(a.size) })}){!a.available && ` — ${t("notKept", { reason: a.unavailableReason ?? t("unavailable") })}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.html && m.text && (
        <div className="row" role="tablist" aria-label={t("format")}>
          <button role="tab" aria-selected={tab === "html"} className={`button small ${tab === "html" ? "primary" : ""}`} type="button" onClick={() => { setTab("html"); }}>{t("formatted")}</button>
          <button role="tab" aria-selected={tab === "text"} className={`button small ${tab === "text" ? "primary" : ""}`} type="button" onClick={() => { setTab("text"); }}>{t("plain")}</button>
        </div>
      )}
      {showHtml ? (
        <HtmlBody html={m.html ?? ""} />
      ) : (
        <pre className="card" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }} data-testid="message-text">{m.text || t("emptyMessage")}</pre>
      )}
    </article>
  );
}
