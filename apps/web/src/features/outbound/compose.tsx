"use client";

import { maxRecipients } from "@mailroom/api/shared";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { RecipientsInput, toRecipients, type Recipient } from "./recipients-input";
import { replyDraft } from "./reply";
import { OutboundUsage, useOutboundStatus } from "./status";

interface PickedFile {
  name: string;
  type: string;
  size: number;
  /** Standard base64, as the API takes it. */
  content: string;
}

function formatBytes(bytes: number): string {
  const [value, unit] = bytes < 1024 ? [bytes, "B"] : bytes < 1024 * 1024 ? [bytes / 1024, "KiB"] : [bytes / 1024 / 1024, "MiB"];
  return `${Number(value.toFixed(1))} ${unit}`;
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error("the file could not be read"));
    };
    reader.readAsDataURL(file);
  });
}

/** The first server message for a field and its sub-paths (`to`, `to.3`). */
function issueFor(errors: Record<string, string>, field: string): string | undefined {
  return Object.entries(errors).find(([path]) => path === field || path.startsWith(`${field}.`))?.[1];
}

/**
 * The compose screen: from one of the user's mailboxes (or the service address), recipients as
 * chips, subject, text and optional files; with `replyTo` (a received message id) it starts as a
 * reply with the original quoted. A send is retried safely: one idempotency key per draft.
 */
export function Compose({ replyTo }: { replyTo?: string | undefined }) {
  const t = useTranslations("outbound.compose");
  const format = useFormatter();
  const errorText = useErrorText();
  const router = useRouter();
  const utils = trpc.useUtils();
  const ids = { subject: useId(), text: useId(), files: useId(), from: useId() };
  const status = useOutboundStatus();
  const boxes = trpc.mailboxes.list.useQuery();
  const original = trpc.messages.get.useQuery({ id: replyTo ?? "" }, { enabled: Boolean(replyTo), retry: false });
  const [mailboxId, setMailboxId] = useState("");
  const [useService, setUseService] = useState(false);
  const [to, setTo] = useState<Recipient[]>([]);
  const [cc, setCc] = useState<Recipient[]>([]);
  const [bcc, setBcc] = useState<Recipient[]>([]);
  const [showCopies, setShowCopies] = useState(false);
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const prefilled = useRef(false);

  useEffect(() => {
    if (prefilled.current || !original.data) return;
    prefilled.current = true;
    const draft = replyDraft(original.data, (date, from) => t("quoteHeader", { date: format.dateTime(date, { dateStyle: "medium", timeStyle: "short" }), from }));
    setMailboxId(draft.mailboxId);
    setTo(toRecipients(draft.to));
    setSubject(draft.subject);
    setText(draft.text);
  }, [original.data, t, format]);

  const send = trpc.outbound.send.useMutation({
    onSuccess: async (record) => {
      await Promise.all([utils.outbound.list.invalidate(), utils.outbound.status.invalidate()]);
      if (record.status === "failed") {
        setFailure(t("failed", { error: record.error ?? "" }));
        setIdempotencyKey(crypto.randomUUID());
        return;
      }
      router.push("/sent");
    },
  });

  if (status.isPending || boxes.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (status.isError) return <ErrorAlert error={status.error} />;
  if (boxes.isError) return <ErrorAlert error={boxes.error} />;
  const title = replyTo ? t("replyTitle") : t("title");
  if (!status.data.enabled) {
    return (
      <section className="stack">
        <h1>{title}</h1>
        <OutboundUsage status={status.data} />
      </section>
    );
  }
  if (boxes.data.length === 0) {
    return (
      <section className="stack">
        <h1>{title}</h1>
        <p className="card empty">{t("noMailboxes")}</p>
      </section>
    );
  }

  const maxBytes = status.data.maxBytes;
  const serviceAddress = status.data.serviceAddress;
  const fromId = mailboxId || boxes.data[0]?.id || "";
  const fromAddress = boxes.data.find((b) => b.id === fromId)?.address ?? "";
  const size = new TextEncoder().encode(text).byteLength + files.reduce((sum, f) => sum + f.size, 0);
  const serverErrors = errorText.fields(send.error);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = "";
    setReading(true);
    try {
      const read = await Promise.all(picked.map(async (file) => ({ name: file.name, type: file.type, size: file.size, content: await readAsBase64(file) })));
      setFiles((current) => [...current, ...read]);
    } finally {
      setReading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const all = [...to, ...cc, ...bcc];
    const local =
      to.length === 0 ? t("noRecipients")
      : all.some((r) => !r.valid) ? t("invalidRecipients")
      : all.length > maxRecipients ? t("tooManyRecipients", { max: maxRecipients })
      : size > maxBytes ? t("tooLarge", { max: formatBytes(maxBytes) })
      : null;
    setProblem(local);
    if (local) return;
    send.mutate({
      mailboxId: fromId,
      from: useService ? "service" : "mailbox",
      to: to.map((r) => r.address),
      cc: cc.map((r) => r.address),
      bcc: bcc.map((r) => r.address),
      subject,
      text,
      attachments: files.map((f) => ({ filename: f.name, content: f.content, ...(f.type ? { contentType: f.type } : {}) })),
      ...(replyTo && original.data ? { inReplyTo: replyTo } : {}),
      idempotencyKey,
    });
  };

  return (
    <section className="stack">
      <div className="page-header">
        <h1>{title}</h1>
        <OutboundUsage status={status.data} />
      </div>
      {replyTo && original.isError && <p className="alert error" role="alert">{t("originalMissing")}</p>}
      <form className="card stack" onSubmit={onSubmit} noValidate aria-label={title}>
        <div className="field">
          <label htmlFor={ids.from}>{t("from")}</label>
          <select id={ids.from} value={fromId} onChange={(e) => { setMailboxId(e.target.value); }} aria-invalid={serverErrors.mailboxId ? true : undefined}>
            {boxes.data.map((b) => (
              <option key={b.id} value={b.id}>{b.address}</option>
            ))}
          </select>
          {serverErrors.mailboxId && <span className="field-error" role="alert">{serverErrors.mailboxId}</span>}
        </div>
        {serviceAddress && (
          <div className="stack" style={{ gap: "0.3rem" }}>
            <label className="row">
              <input type="checkbox" checked={useService} onChange={(e) => { setUseService(e.target.checked); }} /> {t("useService", { address: serviceAddress })}
            </label>
            {useService && <span className="hint">{t("useServiceHint", { mailbox: fromAddress })}</span>}
            {serverErrors.from && <span className="field-error" role="alert">{serverErrors.from}</span>}
          </div>
        )}
        <RecipientsInput label={t("to")} value={to} onChange={setTo} hint={t("recipientsHint")} error={issueFor(serverErrors, "to")} />
        {showCopies ? (
          <>
            <RecipientsInput label={t("cc")} value={cc} onChange={setCc} error={issueFor(serverErrors, "cc")} />
            <RecipientsInput label={t("bcc")} value={bcc} onChange={setBcc} error={issueFor(serverErrors, "bcc")} />
          </>
        ) : (
          <p>
            <button className="button small" type="button" onClick={() => { setShowCopies(true); }}>{t("showCopies")}</button>
          </p>
        )}
        <Field label={t("subject")} value={subject} onChange={(e) => { setSubject(e.target.value); }} error={serverErrors.subject} maxLength={998} />
        <div className="field">
          <label htmlFor={ids.text}>{t("message")}</label>
          <textarea id={ids.text} rows={12} value={text} onChange={(e) => { setText(e.target.value); }} aria-invalid={serverErrors.text ? true : undefined} />
          {serverErrors.text && <span className="field-error" role="alert">{serverErrors.text}</span>}
        </div>
        <div className="field">
          <label htmlFor={ids.files}>{t("attachments")}</label>
          <input id={ids.files} type="file" multiple onChange={(e) => void onFiles(e)} aria-describedby={`${ids.files}-hint`} />
          <span id={`${ids.files}-hint`} className="hint">{reading ? t("readingFiles") : t("attachHint", { max: formatBytes(maxBytes) })}</span>
          {issueFor(serverErrors, "attachments") && <span className="field-error" role="alert">{issueFor(serverErrors, "attachments")}</span>}
          {files.length > 0 && (
            <ul aria-label={t("attachedFiles")}>
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  {f.name} <span className="muted">({formatBytes(f.size)})</span>{" "}
                  <button className="button small" type="button" aria-label={t("removeFile", { name: f.name })} onClick={() => { setFiles(files.filter((_, j) => j !== i)); }}>×</button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {problem && <p className="alert error" role="alert">{problem}</p>}
        {failure && <p className="alert error" role="alert">{failure}</p>}
        <FormError error={send.error} />
        <div className="row">
          <button className="button primary" type="submit" disabled={send.isPending || reading}>
            {send.isPending ? t("sending") : t("send")}
          </button>
        </div>
      </form>
    </section>
  );
}
