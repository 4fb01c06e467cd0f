import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { oauthIdentities, passkeyChallenges, passkeys, users, type PasskeyPurpose } from "../schema/index.ts";
import type { UserRow } from "./users.ts";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, "lastUsedAt">;

export async function insertChallenge(db: Database, row: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Takes a ceremony's challenge out of the table in one statement, so of any number of concurrent
 * answers exactly one gets it. Unknown, expired or of another purpose: null.
 */
export async function consumeChallenge(db: Database, id: string, purpose: PasskeyPurpose, now: Date): Promise<{ challenge: string; userId: string | null } | null> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, now)))
    .returning({ challenge: passkeyChallenges.challenge, userId: passkeyChallenges.userId });
  return row ?? null;
}

/** Stores a new credential; false when that credential id is already registered (nothing written). */
export async function insertPasskey(db: Database, row: NewPasskey): Promise<boolean> {
  const inserted = await db.insert(passkeys).values(row).onConflictDoNothing({ target: passkeys.id }).returning({ id: passkeys.id });
  return inserted.length === 1;
}

export function listPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** A credential with its user, for a sign-in. */
export async function findPasskeyWithUser(db: Database, id: string): Promise<{ passkey: PasskeyRow; user: UserRow } | null> {
  const [row] = await db.select({ passkey: passkeys, user: users }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(eq(passkeys.id, id)).limit(1);
  return row ?? null;
}

/**
 * Records a verified use: the new counter and the time. The counter must still be the one the
 * assertion was checked against, so of two concurrent uses of one assertion only one counts.
 */
export async function recordPasskeyUse(db: Database, id: string, seenCounter: number, newCounter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, seenCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/**
 * Deletes one of the user's passkeys unless it is their last way to sign in (no password, no
 * OAuth identity, no other passkey), in one statement so two removals cannot both pass the check.
 * "deleted", "last" (refused) or "missing".
 */
export async function deletePasskeyKeepingSignIn(db: Database, userId: string, id: string): Promise<"deleted" | "last" | "missing"> {
  const rows = await db
    .delete(passkeys)
    .where(
      and(
        eq(passkeys.id, id),
        eq(passkeys.userId, userId),
        sql`(
          EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.passwordHash} IS NOT NULL)
          OR EXISTS (SELECT 1 FROM ${oauthIdentities} WHERE ${oauthIdentities.userId} = ${userId})
          OR EXISTS (SELECT 1 FROM ${passkeys} AS other WHERE other.user_id = ${userId} AND other.id <> ${id})
        )`,
      ),
    )
    .returning({ id: passkeys.id });
  if (rows.length === 1) return "deleted";
  const [exists] = await db.select({ n: count() }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return (exists?.n ?? 0) > 0 ? "last" : "missing";
}
