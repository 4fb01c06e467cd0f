import { users } from "@mailroom/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { publicUser } from "../auth/public-user.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { endSession, prepareSession, readSession, startSession } from "../auth/session.ts";
import { AppError } from "../errors/index.ts";
import { newId } from "../lib/crypto.ts";
import { redeemInvite } from "../services/invites/index.ts";
import { emailSchema, inviteCodeSchema, newPasswordSchema } from "../shared/validators.ts";
import { protectedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { router } from "../trpc/init.ts";
import { oauthRouter } from "./oauth.ts";

const wrongCredentials = "The e-mail address or password is incorrect";

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
      await enforceRateLimit(ctx, "register");
      // A taken e-mail fails the account insert inside redeemInvite, which rolls back the invite use.
      const userId = newId();
      const session = await prepareSession(ctx, userId);
      const passwordHash = await hashPassword(input.password);
      await redeemInvite(ctx, input.inviteCode, { id: userId, email: input.email, name: input.name || null, passwordHash }, [
        session.statement,
      ]);
      session.writeCookie();
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError("internal", "The account could not be read back");
      return { user: publicUser(user) };
    }),

  login: publicProcedure
    .input(z.object({ email: emailSchema, password: z.string().min(1, { error: "Enter your password" }).max(256) }))
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, "login");
      const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
      // verifyPassword does the same work when there is no user, so timing reveals nothing either.
      const valid = await verifyPassword(input.password, user?.passwordHash ?? null);
      if (!user || !valid) throw new AppError("unauthorized", wrongCredentials);
      if (user.disabled) throw new AppError("forbidden", "This account has been disabled. Contact an administrator.");
      await startSession(ctx, user.id);
      return { user: publicUser(user) };
    }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx);
    return { ok: true as const };
  }),

  me: protectedProcedure.query(({ ctx }) => publicUser(ctx.user)),

  /** Like `me`, but null instead of UNAUTHORIZED: the web app's way to ask "who is signed in?". */
  session: publicProcedure.query(async ({ ctx }) => {
    const session = await readSession(ctx);
    return session ? publicUser(session.user) : null;
  }),

  /** OAuth quick login: providers, invite-code ticket, finalize, connected identities. */
  oauth: oauthRouter,
});
