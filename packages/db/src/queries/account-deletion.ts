import { and, count, eq, ne, notExists, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { mailboxes, messages, outboundMessages, users, webhookDeliveries, webhookEndpoints } from "../schema/index.ts";

// Deleting an account: the big per-user tables are emptied in bounded steps first, so the final
// DELETE of the user row only cascades through small tables.

/** Stops intake for every mailbox of the user while the account is being deleted. */
export async function disableUserMailboxes(db: Database, userId: string): Promise<void> {
  await db.update(mailboxes).set({ disabled: true }).where(eq(mailboxes.userId, userId));
}

/** Deletes up to `limit` webhook deliveries of the user's endpoints (attempts go by cascade); the number deleted. */
export async function deleteUserWebhookDeliveries(db: Database, userId: string, limit: number): Promise<number> {
  const result = await db.run(sql`
    DELETE FROM ${webhookDeliveries} WHERE rowid IN (
      SELECT d.rowid FROM ${webhookDeliveries} d JOIN ${webhookEndpoints} e ON e.id = d.endpoint_id
      WHERE e.user_id = ${userId} LIMIT ${limit})`);
  return result.meta.changes;
}

/** Deletes up to `limit` outbound records of the user; the number deleted. */
export async function deleteUserOutbound(db: Database, userId: string, limit: number): Promise<number> {
  const result = await db.run(
    sql`DELETE FROM ${outboundMessages} WHERE rowid IN (SELECT rowid FROM ${outboundMessages} WHERE ${eq(outboundMessages.userId, userId)} LIMIT ${limit})`,
  );
  return result.meta.changes;
}

/**
 * Deletes the user row (the rest goes by ON DELETE CASCADE) only when none of their messages is
 * left, so no message, and no stored object of one, is lost to a cascade. True when deleted.
 */
export async function deleteUserWithoutMessages(db: Database, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, userId), notExists(db.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId)))))
    .returning({ id: users.id });
  return deleted.length === 1;
}

/** How many enabled administrators there are besides `userId`. */
export async function countOtherEnabledAdmins(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false), ne(users.id, userId)));
  return row?.value ?? 0;
}
