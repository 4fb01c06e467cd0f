import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { usageCounters, type UsageKind } from "../schema/index.ts";
import { inList } from "./in-list.ts";

/**
 * Takes one unit of a user's daily allowance of `kind`. One conditional upsert, so concurrent
 * callers cannot take more than `dailyLimit` between them. Returns the count with this unit, or
 * null when the allowance is used up.
 */
export async function takeDailyUnit(db: Database, userId: string, day: string, kind: UsageKind, dailyLimit: number): Promise<number | null> {
  if (dailyLimit <= 0) return null;
  const taken = await db
    .insert(usageCounters)
    .values({ userId, day, kind, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${dailyLimit}`,
    })
    .returning({ count: usageCounters.count });
  return taken[0]?.count ?? null;
}

/**
 * Gives back one unit taken with `takeDailyUnit` (a send the provider refused). One guarded
 * update, so concurrent give-backs never take the count below zero.
 */
export async function giveBackDailyUnit(db: Database, userId: string, day: string, kind: UsageKind): Promise<void> {
  await db
    .update(usageCounters)
    .set({ count: sql`${usageCounters.count} - 1` })
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.day, day), eq(usageCounters.kind, kind), gt(usageCounters.count, 0)));
}

/** How many units of `kind` each of these users has taken on `day` (users without a count are left out). */
export async function dailyUsageOf(db: Database, userIds: readonly string[], day: string, kind: UsageKind): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: usageCounters.userId, count: usageCounters.count })
    .from(usageCounters)
    .where(and(inList(usageCounters.userId, userIds), eq(usageCounters.day, day), eq(usageCounters.kind, kind)));
  return new Map(rows.map((r) => [r.userId, r.count]));
}
