import { eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { loginThrottles } from "../schema/index.ts";

export interface LoginAttemptWindow {
  /** The account's attempts, counting this one, that no successful login has cleared since. */
  maxAttempts: number;
  windowMs: number;
  now: Date;
}

/**
 * Takes one password-login attempt for an account in one conditional upsert, so concurrent
 * attempts cannot get past `maxAttempts` between them. A window older than `windowMs` starts
 * over. Returns null when the attempt was taken, else when the account's window ends.
 */
export async function takeLoginAttempt(db: Database, accountKey: string, window: LoginAttemptWindow): Promise<Date | null> {
  const now = window.now.getTime();
  const expired = sql`${loginThrottles.windowStartedAt} <= ${now - window.windowMs}`;
  const taken = await db
    .insert(loginThrottles)
    .values({ accountKey, failures: 1, windowStartedAt: window.now })
    .onConflictDoUpdate({
      target: loginThrottles.accountKey,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${loginThrottles.windowStartedAt} END`,
      },
      setWhere: sql`${expired} OR ${loginThrottles.failures} < ${window.maxAttempts}`,
    })
    .returning({ failures: loginThrottles.failures });
  if (taken.length > 0) return null;
  const [row] = await db.select({ windowStartedAt: loginThrottles.windowStartedAt }).from(loginThrottles).where(eq(loginThrottles.accountKey, accountKey));
  // The row cannot vanish between the two statements except through a concurrent success or cleanup.
  return row ? new Date(row.windowStartedAt.getTime() + window.windowMs) : window.now;
}

/** A successful login clears the account's count. */
export async function clearLoginAttempts(db: Database, accountKey: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.accountKey, accountKey));
}
