import { attachments, messages, type Database } from "@mailroom/db";
import { newId } from "../../lib/crypto.ts";
import { formatBytes } from "./limits.ts";
import type { ParsedAttachment, ParsedMessage } from "./parse.ts";
import type { Recipient } from "./recipient.ts";
import type { Recognition } from "./recognize.ts";

/** A parsed message (with its Message-ID settled) plus what intake adds before storing it. */
export interface MessageToStore extends Omit<ParsedMessage, "messageId"> {
  recipient: Recipient;
  envelopeFrom: string;
  messageIdHeader: string;
  size: number;
  raw: Uint8Array;
  receivedAt: Date;
  expiresAt: Date;
  recognition: Recognition | null;
  /** Notices gathered so far (truncation, parse failure); storage adds its own. */
  notices: string[];
}

export interface StorageDeps {
  db: Database;
  bucket: R2Bucket | undefined;
  attachmentMaxBytes: number;
}

export type StoreResult =
  | { stored: true; id: string; attachmentCount: number; notice: string | null }
  | { stored: false };

const rawKeyFor = (id: string) => `raw/${id}.eml`;
const attachmentKeyFor = (messageId: string, attachmentId: string) => `att/${messageId}/${attachmentId}`;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface AttachmentRow {
  id: string;
  attachment: ParsedAttachment;
  storageKey: string | null;
  skippedReason: string | null;
}

async function putAttachment(deps: StorageDeps, messageId: string, attachment: ParsedAttachment): Promise<AttachmentRow> {
  const id = newId();
  const skipped = (reason: string): AttachmentRow => ({ id, attachment, storageKey: null, skippedReason: reason });
  if (!deps.bucket) return skipped("attachment storage is not configured");
  if (attachment.content.byteLength > deps.attachmentMaxBytes) {
    return skipped(`larger than the ${formatBytes(deps.attachmentMaxBytes)} attachment limit`);
  }
  const key = attachmentKeyFor(messageId, id);
  try {
    await deps.bucket.put(key, attachment.content, {
      httpMetadata: { contentType: attachment.contentType },
      customMetadata: { filename: attachment.filename },
    });
    return { id, attachment, storageKey: key, skippedReason: null };
  } catch (error) {
    console.error(`attachment upload failed for message ${messageId}: ${errorText(error)}`);
    return skipped("the attachment could not be stored");
  }
}

async function putRaw(deps: StorageDeps, id: string, raw: Uint8Array, notices: string[]): Promise<string | null> {
  if (!deps.bucket) return null;
  try {
    await deps.bucket.put(rawKeyFor(id), raw, { httpMetadata: { contentType: "message/rfc822" } });
    return rawKeyFor(id);
  } catch (error) {
    console.error(`raw message upload failed for message ${id}: ${errorText(error)}`);
    notices.push("The original message could not be kept.");
    return null;
  }
}

/**
 * Stores the files first and the rows after, so a stored row never points at a missing object.
 * A message already stored for this mailbox (same Message-ID) is not stored again; the files
 * written for the second copy are removed.
 */
export async function storeMessage(deps: StorageDeps, message: MessageToStore): Promise<StoreResult> {
  const id = newId();
  const notices = [...message.notices];
  const [rawKey, attachmentRows] = await Promise.all([
    putRaw(deps, id, message.raw, notices),
    Promise.all(message.attachments.map((a) => putAttachment(deps, id, a))),
  ]);
  const notice = notices.length > 0 ? notices.join(" ") : null;

  const inserted = await deps.db
    .insert(messages)
    .values({
      id,
      mailboxId: message.recipient.mailboxId,
      userId: message.recipient.userId,
      messageIdHeader: message.messageIdHeader,
      envelopeFrom: message.envelopeFrom,
      fromAddress: message.fromAddress,
      fromName: message.fromName,
      toAddress: message.recipient.address,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: JSON.stringify(message.headers),
      size: message.size,
      rawKey,
      notice,
      recognitionKind: message.recognition?.kind ?? "none",
      recognitionValue: message.recognition?.value ?? null,
      recognitionSource: message.recognition?.source ?? null,
      receivedAt: message.receivedAt,
      expiresAt: message.expiresAt,
    })
    .onConflictDoNothing({ target: [messages.mailboxId, messages.messageIdHeader] })
    .returning({ id: messages.id });

  if (inserted.length === 0) {
    const written = [rawKey, ...attachmentRows.map((r) => r.storageKey)].filter((k): k is string => k !== null);
    if (deps.bucket && written.length > 0) await deps.bucket.delete(written);
    return { stored: false };
  }

  const rows = attachmentRows.map((r) =>
    deps.db.insert(attachments).values({
      id: r.id,
      messageId: id,
      filename: r.attachment.filename,
      contentType: r.attachment.contentType,
      size: r.attachment.content.byteLength,
      contentId: r.attachment.contentId,
      disposition: r.attachment.disposition,
      storageKey: r.storageKey,
      skippedReason: r.skippedReason,
      createdAt: message.receivedAt,
    }),
  );
  const [first, ...rest] = rows;
  if (first) await deps.db.batch([first, ...rest]);
  return { stored: true, id, attachmentCount: rows.length, notice };
}
