import { usageCounters, type Database } from "@mailroom/db";
import { sql } from "drizzle-orm";

/** The UTC calendar day usage counters are kept per. */
export function usageDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Takes one AI fallback from the user's daily allowance. One conditional upsert, so mails
 * arriving together cannot take more than `dailyLimit` between them.
 */
export async function takeAiAllowance(db: Database, userId: string, now: Date, dailyLimit: number): Promise<boolean> {
  if (dailyLimit <= 0) return false;
  const taken = await db
    .insert(usageCounters)
    .values({ userId, day: usageDay(now), kind: "ai", count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${dailyLimit}`,
    })
    .returning({ count: usageCounters.count });
  return taken.length > 0;
}
