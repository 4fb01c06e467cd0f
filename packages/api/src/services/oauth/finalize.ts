import { users } from "@mailroom/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { enforceRateLimit } from "../../auth/rate-limit.ts";
import { prepareSession, type SessionUser } from "../../auth/session.ts";
import type { Context } from "../../context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { inviteCodeSchema } from "../../shared/validators.ts";
import { redeemInvite } from "../invites/index.ts";
import { parseProvider } from "./providers.ts";
import { readPendingTicket, recordFailedAttempt } from "./tickets.ts";

export const ticketIdSchema = z.string().trim().min(1, { error: "The ticket is missing" }).max(128, { error: "OAuth ticket is invalid" });

export const finalizeBodySchema = z.object({ ticket: ticketIdSchema, inviteCode: inviteCodeSchema });

export function ticketInvalid(): AppError {
  return new AppError("oauth_ticket_invalid", "OAuth ticket is invalid");
}

interface FinalizedLogin {
  redirectTo: string;
  user: SessionUser;
}

/**
 * `POST /api/auth/oauth/:provider/finalize` and `auth.oauth.finalize`: with the right invite code,
 * one D1 batch records the invite use, creates the user, binds the identity, consumes the ticket
 * and stores the session.
 *
 * The identity insert is the guard against a ticket that stopped being pending (consumed by a
 * concurrent finalize or the fifth wrong code, or expired) after the check above: it then writes
 * NULL into the NOT NULL `provider` column, which fails the statement and rolls the whole batch
 * back, user included. A concurrent finalize that lost the race is also stopped earlier by the
 * unique e-mail of the user it would create. Either way exactly one user comes out of a ticket.
 */
export async function finalizeOAuthLogin(
  ctx: Context,
  providerParam: string,
  input: z.infer<typeof finalizeBodySchema>,
): Promise<FinalizedLogin> {
  const provider = parseProvider(providerParam);
  await enforceRateLimit(ctx, "oauth-finalize");
  const ticket = await readPendingTicket(ctx, input.ticket, provider);
  if (!ticket) throw ticketInvalid();

  const userId = newId();
  const now = Date.now();
  const d1 = ctx.env.DB;
  const session = await prepareSession(ctx, userId);
  const identity = d1
    .prepare(
      `INSERT INTO oauth_identities (id, user_id, provider, provider_user_id, email, login, name, created_at, updated_at)
       SELECT ?1, ?2,
              CASE WHEN EXISTS (
                SELECT 1 FROM oauth_pending_logins
                WHERE id = ?3 AND provider = ?4 AND consumed_at IS NULL AND expires_at > ?5
              ) THEN ?4 ELSE NULL END,
              ?6, ?7, ?8, ?9, ?5, ?5
       WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2)`,
    )
    .bind(newId(), userId, ticket.id, provider, now, ticket.providerUserId, ticket.email, ticket.login, ticket.name);
  const consume = d1
    .prepare("UPDATE oauth_pending_logins SET consumed_at = ?1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM users WHERE id = ?3)")
    .bind(now, ticket.id, userId);

  try {
    await redeemInvite(
      ctx,
      input.inviteCode,
      { id: userId, email: ticket.email, name: ticket.name ?? ticket.login, passwordHash: null },
      [identity, consume, session.statement],
    );
  } catch (error) {
    // Whatever failed, a ticket that is no longer pending is the answer the caller can act on.
    if (!(await readPendingTicket(ctx, ticket.id, provider))) throw ticketInvalid();
    if (error instanceof AppError) {
      if (error.appCode === "invite_code_invalid") await recordFailedAttempt(ctx, ticket.id);
      throw error;
    }
    if (String(error).includes("oauth_identities")) {
      throw new AppError("conflict", "This provider account is already connected to another user");
    }
    throw error;
  }
  session.writeCookie();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("internal", "The account could not be read back");
  return { redirectTo: ticket.nextPath, user };
}
