import { deleteMailboxRow, extendMailboxExpiry, findOwnMailbox, listMailboxes, setMailboxDisabled, type MailboxRow } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { maxMailboxHours } from "../../shared/limits.ts";
import { deleteMessages } from "../messages/delete.ts";

const hourMs = 60 * 60 * 1000;

/** A mailbox as clients see it. `expiresAt` null: kept until deleted. */
export function publicMailbox(mailbox: MailboxRow) {
  return {
    id: mailbox.id,
    address: mailbox.address,
    localPart: mailbox.localPart,
    domain: mailbox.domain,
    disabled: mailbox.disabled,
    createdAt: mailbox.createdAt,
    expiresAt: mailbox.expiresAt,
    forwardTo: mailbox.forwardTo,
    keepCopy: mailbox.keepCopy,
    paused: mailbox.paused,
  };
}

/** The signed-in user's live mailboxes, newest first, with unread counts. */
export async function listOwnMailboxes(ctx: SignedInContext) {
  const rows = await listMailboxes(ctx.db, ctx.actor.user.id, ctx.clock.now());
  return rows.map((m) => ({ ...publicMailbox(m), unread: m.unreadCount }));
}

/** The signed-in user's live mailbox, or `not_found` (another user's, or an expired, mailbox does not exist for them). */
export async function requireOwnMailbox(ctx: SignedInContext, id: string): Promise<MailboxRow> {
  const mailbox = await findOwnMailbox(ctx.db, id, ctx.actor.user.id, ctx.clock.now());
  if (!mailbox) throw new AppError("not_found", "No such mailbox");
  return mailbox;
}

/**
 * Keeps an expiring mailbox longer: `expiresInHours` more hours (never more than a year from
 * now), or, with null, until it is deleted. An expired mailbox cannot come back.
 */
export async function extendOwnMailbox(ctx: SignedInContext, input: { id: string; expiresInHours: number | null }): Promise<MailboxRow> {
  const now = ctx.clock.now();
  const extended = await extendMailboxExpiry(ctx.db, {
    id: input.id,
    userId: ctx.actor.user.id,
    addMs: input.expiresInHours === null ? null : input.expiresInHours * hourMs,
    latest: new Date(now.getTime() + maxMailboxHours * hourMs),
    now,
  });
  if (extended) {
    forgetCachedReads();
    return extended;
  }
  await requireOwnMailbox(ctx, input.id);
  throw new AppError("conflict", "This mailbox does not expire");
}

/** Deletes the mailbox with its messages and their stored files. */
export async function deleteOwnMailbox(ctx: SignedInContext, id: string): Promise<{ deletedMessages: number }> {
  const mailbox = await requireOwnMailbox(ctx, id);
  // Stop intake first so nothing arrives while the messages are being removed.
  await setMailboxDisabled(ctx.db, mailbox.id, true);
  forgetCachedReads();
  const removed = await deleteMessages(ctx, { mailboxId: mailbox.id }, 50);
  await deleteMailboxRow(ctx.db, mailbox.id);
  return { deletedMessages: removed.messages };
}
