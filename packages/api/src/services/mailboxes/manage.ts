import { deleteMailboxRow, findOwnMailbox, listMailboxes, setMailboxDisabled, type MailboxRow } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { deleteMessages } from "../messages/delete.ts";

/** A mailbox as clients see it. */
export function publicMailbox(mailbox: MailboxRow) {
  return { id: mailbox.id, address: mailbox.address, localPart: mailbox.localPart, domain: mailbox.domain, disabled: mailbox.disabled, createdAt: mailbox.createdAt };
}

/** The signed-in user's mailboxes, newest first, with unread counts. */
export async function listOwnMailboxes(ctx: SignedInContext) {
  const rows = await listMailboxes(ctx.db, ctx.actor.user.id);
  return rows.map((m) => ({ ...publicMailbox(m), unread: m.unread }));
}

/** The signed-in user's mailbox, or `not_found` (another user's mailbox does not exist for them). */
export async function requireOwnMailbox(ctx: SignedInContext, id: string): Promise<MailboxRow> {
  const mailbox = await findOwnMailbox(ctx.db, id, ctx.actor.user.id);
  if (!mailbox) throw new AppError("not_found", "No such mailbox");
  return mailbox;
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
