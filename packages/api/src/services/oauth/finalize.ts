import { createInvitedAccount, findPendingTicket, findUserById, recordTicketFailure, type PendingTicketRow } from "@mailroom/db";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { inviteCodeSchema } from "../../shared/validators.ts";
import { emailTakenError, inviteRefusalError, type SignedIn } from "../auth/accounts.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { issueSession } from "../auth/sessions.ts";
import { hashInviteCode } from "../invites/codes.ts";
import { parseProvider } from "./providers.ts";

/** The wrong invite code that uses up a ticket. */
const maxFailedAttempts = 5;

export const ticketIdSchema = z.string().trim().min(1, { error: "The ticket is missing" }).max(128, { error: "OAuth ticket is invalid" });

export const finalizeBodySchema = z.object({ ticket: ticketIdSchema, inviteCode: inviteCodeSchema });

function ticketInvalid(): AppError {
  return new AppError("oauth_ticket_invalid", "OAuth ticket is invalid");
}

/** A pending ticket, for the login page to show whom it is finishing. */
export async function readPendingTicket(ctx: Pick<ServiceContext, "db" | "clock">, id: string): Promise<PendingTicketRow> {
  const ticket = await findPendingTicket(ctx.db, id, ctx.clock.now());
  if (!ticket) throw ticketInvalid();
  return ticket;
}

/**
 * `POST /api/auth/oauth/:provider/finalize` and `auth.oauth.finalize`: with the right invite code,
 * one D1 batch records the invite use, creates the user, binds the identity, consumes the ticket
 * and stores the session; exactly one user comes out of a ticket under any concurrency.
 */
export async function finalizeOAuthLogin(
  ctx: ServiceContext,
  providerParam: string,
  input: z.infer<typeof finalizeBodySchema>,
): Promise<SignedIn & { redirectTo: string }> {
  const provider = parseProvider(providerParam);
  await enforceRateLimit(ctx, "oauth-finalize");
  const now = ctx.clock.now();
  const ticket = await findPendingTicket(ctx.db, input.ticket, now, provider);
  if (!ticket) throw ticketInvalid();

  const userId = newId();
  const session = await issueSession(ctx, userId);
  const codeHash = await hashInviteCode(input.inviteCode);
  const outcome = await createInvitedAccount(ctx.db, {
    id: userId,
    email: ticket.email,
    name: ticket.name ?? ticket.login,
    passwordHash: null,
    inviteCodeHash: codeHash,
    redemptionId: newId(),
    session: session.row,
    oauth: { identityId: newId(), ticketId: ticket.id, provider, providerUserId: ticket.providerUserId, login: ticket.login, name: ticket.name },
    now,
  });
  if (outcome !== "created") {
    // Whatever failed, a ticket that is no longer pending is the answer the caller can act on.
    if (!(await findPendingTicket(ctx.db, ticket.id, ctx.clock.now(), provider))) throw ticketInvalid();
    if (outcome === "invite_refused") {
      await recordTicketFailure(ctx.db, ticket.id, ctx.clock.now(), maxFailedAttempts);
      throw await inviteRefusalError(ctx, codeHash);
    }
    if (outcome === "identity_taken") throw new AppError("conflict", "This provider account is already connected to another user");
    if (outcome === "email_taken") throw emailTakenError();
    throw ticketInvalid();
  }
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("internal", "The account could not be read back");
  return { user, sessionToken: session.token, redirectTo: ticket.nextPath };
}
