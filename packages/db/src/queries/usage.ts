import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { usageCounters, type UsageKind } from "../schema/index.ts";

/**
 * Takes one unit of a user's daily allowance of `kind`. One conditional upsert, so concurrent
 * callers cannot take more than `dailyLimit` between them. False when the allowance is used up.
 */
export async function takeDailyUnit(db: Database, userId: string, day: string, kind: UsageKind, dailyLimit: number): Promise<boolean> {
  if (dailyLimit <= 0) return false;
  const taken = await db
    .insert(usageCounters)
    .values({ userId, day, kind, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${dailyLimit}`,
    })
    .returning({ count: usageCounters.count });
  return taken.length > 0;
}
