import { insertMessage, type Recipient } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import type { Recognition } from "../../events/message-stored.ts";
import { newId } from "../../lib/crypto.ts";
import { formatBytes } from "./limits.ts";
import type { ParsedAttachment, ParsedMessage } from "./parse.ts";

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

export type StoreResult = { stored: true; id: string; attachmentCount: number; notice: string | null } | { stored: false };

type StoreContext = Pick<ServiceContext, "db" | "stores" | "log">;

const rawKeyFor = (id: string) => `raw/${id}.eml`;
const attachmentKeyFor = (messageId: string, attachmentId: string) => `att/${messageId}/${attachmentId}`;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface StoredFile {
  id: string;
  attachment: ParsedAttachment;
  storageKey: string | null;
  skippedReason: string | null;
}

async function putAttachment(ctx: StoreContext, maxBytes: number, messageId: string, attachment: ParsedAttachment): Promise<StoredFile> {
  const id = newId();
  const skipped = (reason: string): StoredFile => ({ id, attachment, storageKey: null, skippedReason: reason });
  const bucket = ctx.stores.attachments;
  if (!bucket) return skipped("attachment storage is not configured");
  if (attachment.content.byteLength > maxBytes) return skipped(`larger than the ${formatBytes(maxBytes)} attachment limit`);
  const key = attachmentKeyFor(messageId, id);
  try {
    await bucket.put(key, attachment.content, {
      httpMetadata: { contentType: attachment.contentType },
      customMetadata: { filename: attachment.filename },
    });
    return { id, attachment, storageKey: key, skippedReason: null };
  } catch (error) {
    ctx.log.error("attachment upload failed", error, { messageId });
    return skipped("the attachment could not be stored");
  }
}

async function putRaw(ctx: StoreContext, id: string, raw: Uint8Array, notices: string[]): Promise<string | null> {
  const bucket = ctx.stores.attachments;
  if (!bucket) return null;
  try {
    await bucket.put(rawKeyFor(id), raw, { httpMetadata: { contentType: "message/rfc822" } });
    return rawKeyFor(id);
  } catch (error) {
    ctx.log.error("raw message upload failed", error, { messageId: id, reason: errorText(error) });
    notices.push("The original message could not be kept.");
    return null;
  }
}

/**
 * Stores the files first and the rows after, so a stored row never points at a missing object.
 * A message already stored for this mailbox (same Message-ID) is not stored again; the files
 * written for the second copy are removed.
 */
export async function storeMessage(ctx: StoreContext, attachmentMaxBytes: number, message: MessageToStore): Promise<StoreResult> {
  const id = newId();
  const notices = [...message.notices];
  const [rawKey, files] = await Promise.all([
    putRaw(ctx, id, message.raw, notices),
    Promise.all(message.attachments.map((a) => putAttachment(ctx, attachmentMaxBytes, id, a))),
  ]);
  const notice = notices.length > 0 ? notices.join(" ") : null;

  const stored = await insertMessage(
    ctx.db,
    {
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
      recognitionSource: message.recognition?.source ?? "rules",
      receivedAt: message.receivedAt,
      expiresAt: message.expiresAt,
    },
    files.map((f) => ({
      id: f.id,
      messageId: id,
      filename: f.attachment.filename,
      contentType: f.attachment.contentType,
      size: f.attachment.content.byteLength,
      contentId: f.attachment.contentId,
      disposition: f.attachment.disposition,
      storageKey: f.storageKey,
      skippedReason: f.skippedReason,
      createdAt: message.receivedAt,
    })),
  );

  if (!stored) {
    const written = [rawKey, ...files.map((f) => f.storageKey)].filter((k): k is string => k !== null);
    if (ctx.stores.attachments && written.length > 0) await ctx.stores.attachments.delete(written);
    return { stored: false };
  }
  return { stored: true, id, attachmentCount: files.length, notice };
}
