import type { AttachmentRow, MessageRow } from "@mailroom/db";
import { z } from "zod";

/** CONTRACT §8: `source` is "rules" or "ai" on every message, "rules" when nothing was found. */
function recognitionOf(row: MessageRow) {
  return { kind: row.recognitionKind, value: row.recognitionValue, source: row.recognitionSource ?? "rules" };
}

/** A message as lists show it: no bodies, a short preview. */
export function messageSummary(row: MessageRow, mailboxAddress: string) {
  return {
    id: row.id,
    mailboxId: row.mailboxId,
    mailboxAddress,
    from: { address: row.fromAddress ?? row.envelopeFrom, name: row.fromName },
    to: row.toAddress,
    subject: row.subject,
    preview: (row.textBody ?? "").replace(/\s+/g, " ").trim().slice(0, 160),
    receivedAt: row.receivedAt,
    read: row.readAt !== null,
    recognition: recognitionOf(row),
  };
}

const storedHeaders = z.array(z.object({ name: z.string(), value: z.string() }));

export function messageDetail(row: MessageRow, mailboxAddress: string, files: AttachmentRow[]) {
  const headers = storedHeaders.safeParse(JSON.parse(row.headers));
  return {
    ...messageSummary(row, mailboxAddress),
    envelopeFrom: row.envelopeFrom,
    text: row.textBody,
    html: row.htmlBody,
    headers: headers.success ? headers.data : [],
    size: row.size,
    notice: row.notice,
    rawAvailable: row.rawKey !== null,
    expiresAt: row.expiresAt,
    attachments: files.map((file) => ({
      id: file.id,
      filename: file.filename,
      contentType: file.contentType,
      size: file.size,
      available: file.storageKey !== null,
      unavailableReason: file.skippedReason,
    })),
  };
}
