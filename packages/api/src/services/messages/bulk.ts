import { setMessagesRead } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { deleteMessages } from "./delete.ts";

/** How many messages one bulk action may name: one inbox page, and one deletion batch. */
export const bulkActionLimit = 100;

/**
 * Marks the user's messages among `ids` read or unread. Ids that are not the user's (someone
 * else's, or deleted meanwhile) are skipped, so a selection that went stale still applies to the
 * rest; the count says how many were changed.
 */
export async function markOwnMessagesRead(ctx: SignedInContext, ids: readonly string[], read: boolean): Promise<number> {
  return setMessagesRead(ctx.db, [...new Set(ids)], ctx.actor.user.id, read ? ctx.clock.now() : null);
}

/** Deletes the user's messages among `ids` with their stored objects; others are skipped (see above). */
export async function deleteOwnMessages(ctx: SignedInContext, ids: readonly string[]): Promise<number> {
  const removed = await deleteMessages(ctx, { messageIds: [...new Set(ids)], userId: ctx.actor.user.id }, 1);
  return removed.messages;
}
