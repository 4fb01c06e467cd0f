import { z } from "zod";
import {
  finalizeBodySchema,
  finalizeOAuthLogin,
  listIdentities,
  listProviders,
  readPendingTicket,
  ticketIdSchema,
  ticketInvalid,
} from "../services/oauth/index.ts";
import { publicUser } from "../auth/public-user.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure, publicProcedure } from "../trpc/procedures.ts";

// The same projection as `auth.me`; kept here so this router does not import its parent.
/** `auth.oauth.*`: the quick-login providers, the invite-code ticket and its finalization. */
export const oauthRouter = router({
  providers: publicProcedure.query(({ ctx }) => listProviders(ctx.config)),

  ticket: publicProcedure.input(z.object({ ticket: ticketIdSchema })).query(async ({ ctx, input }) => {
    const ticket = await readPendingTicket(ctx, input.ticket);
    if (!ticket) throw ticketInvalid();
    return { provider: ticket.provider, email: ticket.email, name: ticket.name, login: ticket.login, expiresAt: ticket.expiresAt };
  }),

  finalize: publicProcedure
    .input(finalizeBodySchema.extend({ provider: z.string().max(32) }))
    .mutation(async ({ ctx, input }) => {
      const { redirectTo, user } = await finalizeOAuthLogin(ctx, input.provider, input);
      return { ok: true as const, redirectTo, user: publicUser(user) };
    }),

  /** The signed-in user's connected provider identities. */
  identities: protectedProcedure.query(({ ctx }) => listIdentities(ctx.db, ctx.config, ctx.user.id)),
});
