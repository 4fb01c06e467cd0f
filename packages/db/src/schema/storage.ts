import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/**
 * Per UTC day (days since 1970): messages that arrived, messages and object-store bytes and
 * objects still stored from that day (kept by triggers on `messages`), and the latest D1 size
 * the cron saw that day (migration 0023).
 */
export const storageDays = sqliteTable("storage_days", {
  day: integer("day").primaryKey(),
  received: integer("received").notNull().default(0),
  messages: integer("messages").notNull().default(0),
  objectBytes: integer("object_bytes").notNull().default(0),
  objectCount: integer("object_count").notNull().default(0),
  d1Bytes: integer("d1_bytes"),
});

/** Deliveries deferred because D1 refused the message's write, per hour (hours since 1970). */
export const storageDeferrals = sqliteTable("storage_deferrals", {
  hour: integer("hour").primaryKey(),
  count: integer("count").notNull().default(0),
});

/** The capacity alert in force (0, 80 or 95 % of the cap): one row. */
export const storageAlerts = sqliteTable("storage_alerts", { id: integer("id").primaryKey(), level: integer("level").notNull().default(0) }, (t) => [
  check("storage_alerts_one_row", sql`${t.id} = 1`),
]);
