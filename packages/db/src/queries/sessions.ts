import { and, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { sessions, users } from "../schema/index.ts";
import type { UserRow } from "./users.ts";

export type SessionRow = typeof sessions.$inferSelect;

export interface NewSession {
  /** SHA-256 of the cookie token: the token itself is never stored. */
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/**
 * The session insert as a statement that writes nothing unless the user exists, so it can
 * commit in the same batch that creates the user (and roll back with it).
 */
export function insertSessionStatement(session: NewSession): SQL {
  return sql`
    INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at, user_agent, ip)
    SELECT ${session.id}, ${session.userId}, ${session.createdAt.getTime()}, ${session.expiresAt.getTime()},
           ${session.createdAt.getTime()}, ${session.userAgent}, ${session.ip}
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${session.userId})`;
}

export async function insertSession(db: Database, session: NewSession): Promise<void> {
  await db.run(insertSessionStatement(session));
}

/** A live session with its user, in one query. */
export async function findLiveSession(db: Database, id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Records use of a session: when, from where, and the expiry moved forward. */
export async function renewSession(db: Database, id: string, seen: { lastSeenAt: Date; expiresAt: Date; ip: string | null }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: seen.lastSeenAt, expiresAt: seen.expiresAt, ...(seen.ip === null ? {} : { ip: seen.ip }) })
    .where(eq(sessions.id, id));
}

/** The user's live sessions, most recently used first. */
export async function listUserSessions(db: Database, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Deletes one of the user's sessions; false when the user has no session with that id. */
export async function deleteUserSession(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length === 1;
}

/** Deletes every session of the user except `keepId`; the number deleted. */
export async function deleteOtherSessions(db: Database, userId: string, keepId: string | null): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId === null ? undefined : ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * Sets a new password hash and ends every other session of the user in one batch, so no other
 * session outlives the old password, not even one racing with the change.
 */
export async function setPasswordEndingOtherSessions(db: Database, input: { userId: string; passwordHash: string; keepSessionId: string | null; now: Date }): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash: input.passwordHash, updatedAt: input.now }).where(eq(users.id, input.userId)),
    db.delete(sessions).where(and(eq(sessions.userId, input.userId), input.keepSessionId === null ? undefined : ne(sessions.id, input.keepSessionId))),
  ]);
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
