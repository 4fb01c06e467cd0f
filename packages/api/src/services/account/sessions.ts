import { deleteOtherSessions, deleteUserSession, listUserSessions, type SessionRow } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { describeDevice } from "../../lib/device.ts";

function publicSession(row: SessionRow, currentId: string | null) {
  return {
    // The id is the SHA-256 of the cookie token: it names the session, but cannot be used as one.
    id: row.id,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentId,
  };
}

/** The signed-in user's live sessions, most recently used first, the current one marked. */
export async function listOwnSessions(ctx: SignedInContext) {
  const rows = await listUserSessions(ctx.db, ctx.actor.user.id, ctx.clock.now());
  return rows.map((row) => publicSession(row, ctx.actor.sessionId));
}

/** Ends one of the user's other sessions (this one ends with sign-out). */
export async function revokeOwnSession(ctx: SignedInContext, id: string): Promise<void> {
  if (id === ctx.actor.sessionId) {
    throw new AppError("conflict", "This is the session you are using now; sign out to end it");
  }
  if (!(await deleteUserSession(ctx.db, ctx.actor.user.id, id))) throw new AppError("not_found", "No such session");
}

/** Ends every session of the user except the current one; how many ended. */
export async function revokeOtherSessions(ctx: SignedInContext): Promise<number> {
  return deleteOtherSessions(ctx.db, ctx.actor.user.id, ctx.actor.sessionId);
}
