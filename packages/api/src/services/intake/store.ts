import { attachmentObjectKey, insertMessage, messageObjectKey, type ForwardOutcome, type Recipient } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import type { Recognition } from "../../events/message-stored.ts";
import { newId } from "../../lib/crypto.ts";
import { packBody, previewOf } from "../messages/body.ts";
import { messageObject } from "../messages/message-object.ts";
import { recordDeferredDelivery } from "../storage/deferrals.ts";
import { formatBytes } from "./limits.ts";
import type { ParsedAttachment, ParsedMessage } from "./parse.ts";

/** A parsed message (with its Message-ID settled) plus what intake adds before storing it. */
export interface MessageToStore extends Omit<ParsedMessage, "messageId"> {
  recipient: Recipient;
  envelopeFrom: string;
  messageIdHeader: string;
  size: number;
  raw: Uint8Array<ArrayBuffer>;
  receivedAt: Date;
  expiresAt: Date;
  recognition: Recognition | null;
  /** Notices gathered so far (truncation, parse failure); storage adds its own. */
  notices: string[];
  /** False for a mailbox that forwards without keeping a copy: only the metadata and the display headers are kept. */
  keepContent: boolean;
  plusTag: string | null;
  deliveredTo: string | null;
  authentication: string;
  suspicious: boolean;
  forwards: ForwardOutcome[] | null;
}

const forwardedOnly = "Forwarded without keeping a copy (this mailbox's setting): only the sender, the subject and where it went are kept.";

export type StoreResult = { stored: true; id: string; attachmentCount: number; notice: string | null } | { stored: false };

/**
 * D1 refused the message's write (full, or any other failure): the objects written for it are
 * gone again and the platform answers the sender with a temporary failure, so it is sent again.
 */
export class DeliveryDeferred extends Error {
  override name = "DeliveryDeferred";
}

type StoreContext = Pick<ServiceContext, "db" | "stores" | "log" | "clock">;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An object this message wrote to the store, with its size. */
interface Written {
  key: string;
  bytes: number;
}

interface StoredFile {
  id: string;
  attachment: ParsedAttachment;
  written: Written | null;
  skippedReason: string | null;
}

async function putAttachment(ctx: StoreContext, maxBytes: number, messageId: string, attachment: ParsedAttachment): Promise<StoredFile> {
  const id = newId();
  const skipped = (reason: string): StoredFile => ({ id, attachment, written: null, skippedReason: reason });
  const bucket = ctx.stores.attachments;
  if (!bucket) return skipped("attachment storage is not configured");
  if (attachment.content.byteLength > maxBytes) return skipped(`larger than the ${formatBytes(maxBytes)} attachment limit`);
  const key = attachmentObjectKey(messageId, id);
  try {
    await bucket.put(key, attachment.content, {
      httpMetadata: { contentType: attachment.contentType },
      customMetadata: { filename: attachment.filename },
    });
    return { id, attachment, written: { key, bytes: attachment.content.byteLength }, skippedReason: null };
  } catch (error) {
    ctx.log.error("attachment upload failed", error, { messageId });
    return skipped("the attachment could not be stored");
  }
}

/**
 * The message's one object: its compressed body, then the raw copy. Null without an object store,
 * or when the store refuses it: the body then stays in D1 and the raw copy is not kept.
 */
async function putMessageObject(ctx: StoreContext, id: string, packedBody: Uint8Array<ArrayBuffer>, raw: Uint8Array<ArrayBuffer>, notices: string[]): Promise<Written | null> {
  const bucket = ctx.stores.attachments;
  if (!bucket) return null;
  const key = messageObjectKey(id);
  const content = messageObject(packedBody, raw);
  try {
    await bucket.put(key, content, { httpMetadata: { contentType: "application/octet-stream" }, customMetadata: { format: "mailroom-message-1" } });
    return { key, bytes: content.size };
  } catch (error) {
    ctx.log.error("message upload failed; the body stays in D1", error, { messageId: id, reason: errorText(error) });
    notices.push("The original message could not be kept.");
    return null;
  }
}

async function removeObjects(ctx: StoreContext, keys: string[], messageId: string): Promise<void> {
  if (!ctx.stores.attachments || keys.length === 0) return;
  try {
    await ctx.stores.attachments.delete(keys);
  } catch (error) {
    ctx.log.error("objects of a message that was not stored could not be removed", error, { messageId, keys });
  }
}

/**
 * Stores the files first and the row after, so a stored row never points at a missing object:
 * the message's object (compressed body, then the raw copy) and the attachments go to the object
 * store in parallel; the row keeps metadata and the list preview (and the body itself when there
 * is no object store). A message already stored for this mailbox (same Message-ID) is not stored
 * again, and a write D1 refuses defers the delivery; either way the objects written for this copy
 * are removed.
 */
export async function storeMessage(ctx: StoreContext, attachmentMaxBytes: number, message: MessageToStore): Promise<StoreResult> {
  const id = newId();
  const keep = message.keepContent;
  const notices = keep ? [...message.notices] : [forwardedOnly];
  const packed = await packBody({ text: keep ? message.text : null, html: keep ? message.html : null, headers: message.headers });
  const [object, files]: [Written | null, StoredFile[]] = keep
    ? await Promise.all([putMessageObject(ctx, id, packed, message.raw, notices), Promise.all(message.attachments.map((a) => putAttachment(ctx, attachmentMaxBytes, id, a)))])
    : [null, []];
  const notice = notices.length > 0 ? notices.join(" ") : null;
  const written = [object, ...files.map((f) => f.written)].filter((w): w is Written => w !== null);

  let stored: boolean;
  try {
    stored = await insertMessage(
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
        size: message.size,
        rawKey: object?.key ?? null,
        notice,
        recognitionKind: message.recognition?.kind ?? "none",
        recognitionValue: message.recognition?.value ?? null,
        recognitionSource: message.recognition?.source ?? "rules",
        receivedAt: message.receivedAt,
        expiresAt: message.expiresAt,
        preview: keep ? previewOf(message.text) : null,
        bodyLocation: object ? "message" : "d1",
        body: object ? null : packed,
        objectBytes: written.reduce((sum, w) => sum + w.bytes, 0),
        objectCount: written.length,
        plusTag: message.plusTag,
        deliveredTo: message.deliveredTo,
        authentication: message.authentication,
        suspicious: message.suspicious,
        forwards: message.forwards,
      },
      files.map((f) => ({
        id: f.id,
        messageId: id,
        filename: f.attachment.filename,
        contentType: f.attachment.contentType,
        size: f.attachment.content.byteLength,
        contentId: f.attachment.contentId,
        disposition: f.attachment.disposition,
        storageKey: f.written?.key ?? null,
        skippedReason: f.skippedReason,
        createdAt: message.receivedAt,
      })),
    );
  } catch (error) {
    await removeObjects(ctx, written.map((w) => w.key), id);
    await recordDeferredDelivery(ctx);
    throw new DeliveryDeferred(`the database refused the message: ${errorText(error)}`, { cause: error });
  }

  if (!stored) {
    await removeObjects(ctx, written.map((w) => w.key), id);
    return { stored: false };
  }
  return { stored: true, id, attachmentCount: files.length, notice };
}
