import { and, eq, gt, sql, type SQL } from "drizzle-orm";
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

export async function renewSession(db: Database, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
