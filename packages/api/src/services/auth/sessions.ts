import { deleteSession, deleteUserSessions, findLiveSession, insertSession, renewSession, type NewSession } from "@mailroom/db";
import type { Actor, ServiceContext } from "../../context/service-context.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";

/** CONTRACT §4: 30 days, sliding. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry and "last seen" without a write on every request: at most one every 5 minutes.
const renewAfterMs = 5 * 60 * 1000;

/** A new session: the token for the cookie and the row to store (only the token's hash). */
export interface IssuedSession {
  token: string;
  row: NewSession;
}

function clientIp(ctx: Pick<ServiceContext, "client">): string | null {
  return ctx.client.ip === "unknown" ? null : ctx.client.ip.slice(0, 64);
}

export async function issueSession(ctx: Pick<ServiceContext, "clock" | "client">, userId: string): Promise<IssuedSession> {
  const token = randomToken(32);
  const now = ctx.clock.now();
  return {
    token,
    row: {
      id: await sha256Hex(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionLifetimeMs),
      userAgent: ctx.client.userAgent?.slice(0, 255) ?? null,
      ip: clientIp(ctx),
    },
  };
}

/** Signs the user in: stores a session and returns its token for the cookie. */
export async function startSession(ctx: Pick<ServiceContext, "db" | "clock" | "client">, userId: string): Promise<string> {
  const session = await issueSession(ctx, userId);
  await insertSession(ctx.db, session.row);
  return session.token;
}

export interface ResolvedSession {
  actor: Actor;
  /** The session's expiry moved forward: the cookie should be written again. */
  renewed: boolean;
}

/** The signed-in user of a session token, or null. Disabled users and expired sessions count as none. */
export async function resolveSession(ctx: Pick<ServiceContext, "db" | "clock" | "client">, token: string): Promise<ResolvedSession | null> {
  const id = await sha256Hex(token);
  const now = ctx.clock.now();
  const row = await findLiveSession(ctx.db, id, now);
  if (!row || row.user.disabled) return null;
  const renewed = now.getTime() - row.session.lastSeenAt.getTime() > renewAfterMs;
  if (renewed) await renewSession(ctx.db, id, { lastSeenAt: now, expiresAt: new Date(now.getTime() + sessionLifetimeMs), ip: clientIp(ctx) });
  return { actor: { user: row.user, sessionId: id }, renewed };
}

export async function endSession(ctx: Pick<ServiceContext, "db">, token: string): Promise<void> {
  await deleteSession(ctx.db, await sha256Hex(token));
}

/** Signs a user out everywhere (disabled accounts). */
export async function endAllSessions(ctx: Pick<ServiceContext, "db">, userId: string): Promise<void> {
  await deleteUserSessions(ctx.db, userId);
}
