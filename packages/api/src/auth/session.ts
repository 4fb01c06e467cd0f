import { sessions, users } from "@mailroom/db";
import { and, eq, gt } from "drizzle-orm";
import type { Context } from "../context.ts";
import { AppError } from "../errors/index.ts";
import { randomToken, sha256Hex } from "../lib/crypto.ts";
import { readSessionToken, serializeSessionCookie, sessionMaxAgeSeconds } from "./cookie.ts";

// Sliding expiry without a write on every request: renew at most once an hour.
const renewAfterMs = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export interface Session {
  id: string;
  user: SessionUser;
}

type SessionContext = Pick<Context, "db" | "env" | "config" | "req" | "resHeaders">;

function expiryFrom(now: number): Date {
  return new Date(now + sessionMaxAgeSeconds * 1000);
}

/**
 * A new session as one D1 statement (inserting nothing unless the user exists), so callers can
 * run it in the same batch that creates the user; `writeCookie` once it has committed.
 */
export async function prepareSession(ctx: SessionContext, userId: string) {
  const token = randomToken(32);
  const now = Date.now();
  const statement = ctx.env.DB.prepare(
    `INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at, user_agent, ip)
     SELECT ?1, ?2, ?3, ?4, ?3, ?5, ?6 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2)`,
  ).bind(
    await sha256Hex(token),
    userId,
    now,
    expiryFrom(now).getTime(),
    ctx.req.headers.get("User-Agent")?.slice(0, 255) ?? null,
    ctx.req.headers.get("cf-connecting-ip"),
  );
  const writeCookie = () => {
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.config, token, sessionMaxAgeSeconds));
  };
  return { statement, writeCookie };
}

/** Signs the user in: one stored session (hash only) and the `app_session` cookie. */
export async function startSession(ctx: SessionContext, userId: string): Promise<void> {
  const { statement, writeCookie } = await prepareSession(ctx, userId);
  await statement.run();
  writeCookie();
}

/** The signed-in user of this request, or null. Disabled users and expired sessions count as none. */
export async function readSession(ctx: SessionContext): Promise<Session | null> {
  const token = readSessionToken(ctx.req);
  if (!token) return null;
  const id = await sha256Hex(token);
  const now = Date.now();
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  if (!row || row.user.disabled) return null;
  if (now - row.session.lastSeenAt.getTime() > renewAfterMs) {
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(now), expiresAt: expiryFrom(now) }).where(eq(sessions.id, id));
    ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.config, token, sessionMaxAgeSeconds));
  }
  return { id, user: row.user };
}

export async function requireSession(ctx: SessionContext): Promise<Session> {
  const session = await readSession(ctx);
  if (!session) throw new AppError("unauthorized", "Please sign in to continue");
  return session;
}

/** Ends this request's session (if any) and always expires the cookie. */
export async function endSession(ctx: SessionContext): Promise<void> {
  const token = readSessionToken(ctx.req);
  if (token) await ctx.db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
  ctx.resHeaders.append("Set-Cookie", serializeSessionCookie(ctx.config, "", 0));
}

export async function endAllSessions(ctx: Pick<Context, "db">, userId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}
