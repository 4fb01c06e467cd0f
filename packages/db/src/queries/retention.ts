import { isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";
import { loginThrottles, messengerBindingCodes, oauthPendingLogins, oauthStates, outboundMessages, passkeyChallenges, sessions, webhookDeliveries } from "../schema/index.ts";

/** Deletes up to `limit` rows of `table` matching `where`; the number deleted. */
async function deleteSome(db: Database, table: SQLiteTable, where: SQL | undefined, limit: number): Promise<number> {
  const result = await db.run(sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${limit})`);
  return result.meta.changes;
}

/** The short-lived records retention removes, each with what makes a row expired at `now`. */
export const expiringRecords = {
  sessions: (db: Database, now: Date, limit: number) => deleteSome(db, sessions, lt(sessions.expiresAt, now), limit),
  oauthStates: (db: Database, now: Date, limit: number) => deleteSome(db, oauthStates, lt(oauthStates.expiresAt, now), limit),
  oauthPendingLogins: (db: Database, now: Date, limit: number) =>
    deleteSome(db, oauthPendingLogins, or(lt(oauthPendingLogins.expiresAt, now), isNotNull(oauthPendingLogins.consumedAt)), limit),
  bindingCodes: (db: Database, now: Date, limit: number) => deleteSome(db, messengerBindingCodes, lt(messengerBindingCodes.expiresAt, now), limit),
  passkeyChallenges: (db: Database, now: Date, limit: number) => deleteSome(db, passkeyChallenges, lt(passkeyChallenges.expiresAt, now), limit),
  loginThrottles: (db: Database, windowStartedBefore: Date, limit: number) =>
    deleteSome(db, loginThrottles, lt(loginThrottles.windowStartedAt, windowStartedBefore), limit),
  /** Attempts go with their delivery (ON DELETE CASCADE). */
  webhookDeliveries: (db: Database, olderThan: Date, limit: number) => deleteSome(db, webhookDeliveries, lt(webhookDeliveries.createdAt, olderThan), limit),
  /** Outbound records are kept as long as received mail. */
  outboundMessages: (db: Database, olderThan: Date, limit: number) => deleteSome(db, outboundMessages, lt(outboundMessages.createdAt, olderThan), limit),
} as const;
