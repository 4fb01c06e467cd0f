import { z } from "zod";
import { publicUser } from "../services/auth/public-user.ts";
import { finalizeBodySchema, finalizeOAuthLogin, listOwnIdentities, listProviders, readPendingTicket, ticketIdSchema } from "../services/oauth/index.ts";
import { sessionCookie } from "../transport/session-cookie.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure, publicProcedure } from "../trpc/procedures.ts";

/** `auth.oauth.*`: the quick-login providers, the invite-code ticket and its finalization. */
export const oauthRouter = router({
  providers: publicProcedure.query(({ ctx }) => listProviders(ctx.config)),

  ticket: publicProcedure.input(z.object({ ticket: ticketIdSchema })).query(async ({ ctx, input }) => {
    const ticket = await readPendingTicket(ctx, input.ticket);
    return { provider: ticket.provider, email: ticket.email, name: ticket.name, login: ticket.login, expiresAt: ticket.expiresAt };
  }),

  finalize: publicProcedure.input(finalizeBodySchema.extend({ provider: z.string().max(32) })).mutation(async ({ ctx, input }) => {
    const { redirectTo, user, sessionToken } = await finalizeOAuthLogin(ctx, input.provider, input);
    ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, sessionToken));
    return { ok: true as const, redirectTo, user: publicUser(user) };
  }),

  /** The signed-in user's connected provider identities. */
  identities: protectedProcedure.query(({ ctx }) => listOwnIdentities(ctx)),
});
