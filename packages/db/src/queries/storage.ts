import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { storageAlerts, storageDays, storageDeferrals } from "../schema/index.ts";

export type StorageDayRow = typeof storageDays.$inferSelect;

/**
 * The database's size in bytes as D1 reports it with every result (`meta.size_after`), read with
 * the cheapest statement there is.
 */
export async function databaseSize(db: Database): Promise<number> {
  const result = await db.run(sql`SELECT 1`);
  return result.meta.size_after;
}

/** The rows of `fromDay` on (every row without it: one per day that ever held mail), oldest first. */
export async function listStorageDays(db: Database, fromDay?: number): Promise<StorageDayRow[]> {
  return db
    .select()
    .from(storageDays)
    .where(fromDay === undefined ? undefined : gte(storageDays.day, fromDay))
    .orderBy(storageDays.day);
}

/** Keeps `bytes` as the D1 size seen on `day` (the latest sample of the day wins; the same value writes nothing). */
export async function recordDatabaseSize(db: Database, day: number, bytes: number): Promise<void> {
  await db
    .insert(storageDays)
    .values({ day, d1Bytes: bytes })
    .onConflictDoUpdate({ target: storageDays.day, set: { d1Bytes: bytes }, setWhere: sql`${storageDays.d1Bytes} IS NOT ${bytes}` });
}

/**
 * The oldest stored message's arrival: the oldest of each owner's oldest, one step into the
 * owner's newest-first index per user instead of a scan of every message.
 */
export async function oldestMessageAt(db: Database): Promise<Date | null> {
  const [row] = await db.all<{ at: number | null }>(sql`
    SELECT min((SELECT min(m.received_at) FROM messages m WHERE m.user_id = u.id)) AS at FROM users u`);
  return row?.at == null ? null : new Date(row.at);
}

/** Creates the counters of the given hours ahead of time, so counting into one never grows the database. */
export async function prepareDeferralHours(db: Database, hours: readonly number[]): Promise<void> {
  if (hours.length === 0) return;
  await db
    .insert(storageDeferrals)
    .values(hours.map((hour) => ({ hour, count: 0 })))
    .onConflictDoNothing();
}

/** Counts one deferred delivery in `hour`: in place when the row exists (a full database takes that), else a new row. */
export async function countDeferral(db: Database, hour: number): Promise<void> {
  const updated = await db
    .update(storageDeferrals)
    .set({ count: sql`${storageDeferrals.count} + 1` })
    .where(eq(storageDeferrals.hour, hour))
    .returning({ hour: storageDeferrals.hour });
  if (updated.length === 0) {
    await db
      .insert(storageDeferrals)
      .values({ hour, count: 1 })
      .onConflictDoUpdate({ target: storageDeferrals.hour, set: { count: sql`${storageDeferrals.count} + 1` } });
  }
}

/** Deferred deliveries counted from `fromHour` on. */
export async function countDeferralsSince(db: Database, fromHour: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${storageDeferrals.count}), 0)` })
    .from(storageDeferrals)
    .where(gte(storageDeferrals.hour, fromHour));
  return row?.total ?? 0;
}

/** Drops hourly counters older than `beforeHour`; the number dropped. */
export async function deleteDeferralsBefore(db: Database, beforeHour: number): Promise<number> {
  const result = await db.run(sql`DELETE FROM ${storageDeferrals} WHERE ${storageDeferrals.hour} < ${beforeHour}`);
  return result.meta.changes;
}

export async function storageAlertLevel(db: Database): Promise<number> {
  const [row] = await db.select({ level: storageAlerts.level }).from(storageAlerts).where(eq(storageAlerts.id, 1));
  return row?.level ?? 0;
}

/** Moves the alert level from `from` to `to`; false when another run moved it first (so only one run alerts). */
export async function moveStorageAlertLevel(db: Database, from: number, to: number): Promise<boolean> {
  const moved = await db
    .update(storageAlerts)
    .set({ level: to })
    .where(and(eq(storageAlerts.id, 1), eq(storageAlerts.level, from)))
    .returning({ id: storageAlerts.id });
  return moved.length === 1;
}
