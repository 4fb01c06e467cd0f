import { z } from "zod";
import { login, register } from "../services/auth/accounts.ts";
import { publicUser } from "../services/auth/public-user.ts";
import { endSession } from "../services/auth/sessions.ts";
import { authenticationResponseSchema, passkeyLogin, passkeyLoginOptions } from "../services/passkeys/index.ts";
import { emailSchema, inviteCodeSchema, newPasswordSchema } from "../shared/validators.ts";
import { authenticate } from "../transport/request-context.ts";
import { expiredSessionCookie, sessionCookie } from "../transport/session-cookie.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { oauthRouter } from "./oauth.ts";

export const authRouter = router({
  register: publicProcedure
    .input(
      z.object({
        email: emailSchema,
        password: newPasswordSchema,
        inviteCode: inviteCodeSchema,
        name: z.string().trim().max(100).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { user, sessionToken } = await register(ctx, input);
      ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, sessionToken));
      return { user: publicUser(user) };
    }),

  login: publicProcedure
    .input(z.object({ email: emailSchema, password: z.string().min(1, { error: "Enter your password" }).max(256) }))
    .mutation(async ({ ctx, input }) => {
      const { user, sessionToken } = await login(ctx, input);
      ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, sessionToken));
      return { user: publicUser(user) };
    }),

  /** Starts a passkey sign-in: options for `navigator.credentials.get()` and the ceremony's id. */
  passkeyOptions: publicProcedure.mutation(({ ctx }) => passkeyLoginOptions(ctx, ctx.pageOrigin)),

  /** Finishes a passkey sign-in with the browser's answer; a session like a password's. */
  passkeyLogin: publicProcedure
    .input(z.object({ ceremonyId: z.string().min(1).max(64), response: authenticationResponseSchema }))
    .mutation(async ({ ctx, input }) => {
      const { user, sessionToken } = await passkeyLogin(ctx, ctx.pageOrigin, input);
      ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, sessionToken));
      return { user: publicUser(user) };
    }),

  /** Ends this request's session (if any) and always expires the cookie. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const token = ctx.credentials.sessionToken;
    if (token) await endSession(ctx, token);
    ctx.resHeaders.append("Set-Cookie", expiredSessionCookie(ctx.config));
    return { ok: true as const };
  }),

  me: protectedProcedure.query(({ ctx }) => publicUser(ctx.actor.user)),

  /** Like `me`, but null instead of UNAUTHORIZED: the web app's way to ask "who is signed in?". */
  session: publicProcedure.query(async ({ ctx }) => {
    const actor = await authenticate(ctx);
    return actor ? publicUser(actor.user) : null;
  }),

  /** OAuth quick login: providers, invite-code ticket, finalize, connected identities. */
  oauth: oauthRouter,
});
