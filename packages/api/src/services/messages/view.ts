import type { AttachmentRow, MessageListRow } from "@mailroom/db";
import { previewOf, type MessageBody } from "./body.ts";
import { safeFilename } from "./filename.ts";

type SummaryColumns = Pick<
  MessageListRow,
  | "id"
  | "mailboxId"
  | "fromAddress"
  | "envelopeFrom"
  | "fromName"
  | "toAddress"
  | "subject"
  | "preview"
  | "textBody"
  | "receivedAt"
  | "readAt"
  | "recognitionKind"
  | "recognitionValue"
  | "recognitionSource"
  | "plusTag"
  | "deliveredTo"
  | "suspicious"
>;

/** CONTRACT §8: `source` is "rules" or "ai" on every message, "rules" when nothing was found. */
function recognitionOf(row: SummaryColumns) {
  return { kind: row.recognitionKind, value: row.recognitionValue, source: row.recognitionSource ?? "rules" };
}

/** A message as lists show it: no bodies, a short preview (kept on the row; made from the text for rows stored before it was). */
export function messageSummary(row: SummaryColumns, mailboxAddress: string) {
  return {
    id: row.id,
    mailboxId: row.mailboxId,
    mailboxAddress,
    from: { address: row.fromAddress ?? row.envelopeFrom, name: row.fromName },
    to: row.toAddress,
    subject: row.subject,
    preview: row.preview ?? previewOf(row.textBody),
    receivedAt: row.receivedAt,
    read: row.readAt !== null,
    recognition: recognitionOf(row),
    /** CONTRACT §13: the plus tag of the address it was sent to, and that address. */
    tag: row.plusTag,
    deliveredTo: row.deliveredTo ?? row.toAddress,
    suspicious: row.suspicious,
  };
}

const authResults = ["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror", "unknown"] as const;
type AuthResult = (typeof authResults)[number];

function authResult(value: string | undefined): AuthResult {
  return authResults.find((r) => r === value) ?? "unknown";
}

/** The stored "spf dkim dmarc" verdict; "unknown" for mail stored before it was read. */
function authenticationOf(text: string | null): { spf: AuthResult; dkim: AuthResult; dmarc: AuthResult } {
  const [spf, dkim, dmarc] = text?.split(" ") ?? [];
  return { spf: authResult(spf), dkim: authResult(dkim), dmarc: authResult(dmarc) };
}

export function messageDetail(row: MessageListRow, mailboxAddress: string, files: AttachmentRow[], body: MessageBody) {
  return {
    ...messageSummary(row, mailboxAddress),
    envelopeFrom: row.envelopeFrom,
    text: body.text,
    html: body.html,
    headers: body.headers,
    size: row.size,
    notice: row.notice,
    rawAvailable: row.rawKey !== null,
    expiresAt: row.expiresAt,
    authentication: authenticationOf(row.authentication),
    forwards: row.forwards ?? [],
    attachments: files.map((file, i) => ({
      id: file.id,
      // Names stored before they were made safe at intake are made safe here.
      filename: safeFilename(file.filename, `attachment-${String(i + 1)}`),
      contentType: file.contentType,
      size: file.size,
      available: file.storageKey !== null,
      unavailableReason: file.skippedReason,
    })),
  };
}
