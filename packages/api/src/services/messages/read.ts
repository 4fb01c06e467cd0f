import { findOwnAttachment, findOwnMessage, listAttachments, listMessages, setMessageRead, type Cursor, type MessageRow } from "@mailroom/db";
import type { ServiceContext, SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { encodeCursor } from "../../lib/cursor.ts";
import { requireOwnMailbox } from "../mailboxes/manage.ts";
import { discardBodyObject, fetchBodyObject, loadBody } from "./body.ts";
import { deleteMessages } from "./delete.ts";
import { safeFilename } from "./filename.ts";
import { rawFromObject } from "./message-object.ts";
import { messageDetail, messageSummary } from "./view.ts";

const noSuchMessage = () => new AppError("not_found", "No such message");

/** Newest first, across all the user's mailboxes or one; search on sender and subject. */
export async function listOwnMessages(
  ctx: SignedInContext,
  input: { mailboxId?: string | null | undefined; cursor?: Cursor | null | undefined; limit: number; query?: string | undefined },
) {
  if (input.mailboxId) await requireOwnMailbox(ctx, input.mailboxId);
  const page = await listMessages(ctx.db, ctx.actor.user.id, { mailboxId: input.mailboxId, search: input.query, cursor: input.cursor, limit: input.limit, now: ctx.clock.now() });
  const last = page.rows.at(-1);
  return {
    items: page.rows.map((r) => messageSummary(r.message, r.address)),
    nextCursor: page.more && last ? encodeCursor({ at: last.message.receivedAt.getTime(), id: last.message.id }) : null,
  };
}

/**
 * One message in full. A pure read: opening a message is marked read by `markOwnMessageRead`. The
 * row, its attachments and its body in the object store are read at once; the body is used only
 * when the row proves the message is the caller's.
 */
export async function getOwnMessage(ctx: SignedInContext, id: string) {
  const fetched = fetchBodyObject(ctx, id);
  const [row, files] = await Promise.all([findOwnMessage(ctx.db, id, ctx.actor.user.id), listAttachments(ctx.db, id)]).catch(async (error: unknown) => {
    await discardBodyObject(fetched);
    throw error;
  });
  if (!row) {
    await discardBodyObject(fetched);
    throw noSuchMessage();
  }
  return messageDetail(row.message, row.address, files, await loadBody(ctx, row.message, fetched));
}

export async function markOwnMessageRead(ctx: SignedInContext, id: string, read: boolean): Promise<void> {
  if (!(await setMessageRead(ctx.db, id, ctx.actor.user.id, read ? ctx.clock.now() : null))) throw noSuchMessage();
}

export async function deleteOwnMessage(ctx: SignedInContext, id: string): Promise<void> {
  const removed = await deleteMessages(ctx, { messageId: id, userId: ctx.actor.user.id }, 1);
  if (removed.messages === 0) throw noSuchMessage();
}

/** A file from the object store, to be sent as a download. */
export interface Download {
  body: ReadableStream;
  filename: string;
}

/**
 * The raw message of a stored row, as received, or null when it was not kept. Since migration
 * 0023 it follows the body in the message's one object; before, it was an object of its own.
 */
export async function readRawMessage(ctx: Pick<ServiceContext, "stores">, message: Pick<MessageRow, "rawKey" | "bodyLocation">): Promise<ReadableStream | null> {
  const bucket = ctx.stores.attachments;
  if (!message.rawKey || !bucket) return null;
  if (message.bodyLocation === "message") return rawFromObject(bucket, message.rawKey);
  return (await bucket.get(message.rawKey))?.body ?? null;
}

/** The original message as received (`.eml`), when it was kept. */
export async function downloadRawMessage(ctx: SignedInContext, messageId: string): Promise<Download> {
  const row = await findOwnMessage(ctx.db, messageId, ctx.actor.user.id);
  if (!row) throw noSuchMessage();
  const raw = await readRawMessage(ctx, row.message);
  if (!raw) throw new AppError("not_found", "The original message was not kept (attachment storage is not configured)");
  return { body: raw, filename: `${safeFilename(row.message.subject?.slice(0, 80) ?? "", "message")}.eml` };
}

export async function downloadAttachment(ctx: SignedInContext, messageId: string, attachmentId: string): Promise<Download> {
  const file = await findOwnAttachment(ctx.db, messageId, attachmentId, ctx.actor.user.id);
  if (!file) throw new AppError("not_found", "No such attachment");
  const object = file.storageKey && ctx.stores.attachments ? await ctx.stores.attachments.get(file.storageKey) : null;
  if (!object) throw new AppError("not_found", `The file was not kept: ${file.skippedReason ?? "attachment storage is not configured"}`);
  return { body: object.body, filename: safeFilename(file.filename, "attachment") };
}
