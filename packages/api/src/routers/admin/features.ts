import { userFeatures, users } from "@mailroom/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../errors/index.ts";
import { getUserFeatures } from "../../services/settings/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

const userId = z.string().min(1).max(64);

export const adminFeaturesRouter = router({
  get: adminProcedure.input(z.object({ userId })).query(({ ctx, input }) => getUserFeatures(ctx.db, input.userId)),

  /** Per-user switches and the outbound quota override (null: the business default). */
  set: adminProcedure
    .input(
      z.object({
        userId,
        aiFallback: z.boolean().optional(),
        messenger: z.boolean().optional(),
        outbound: z.boolean().optional(),
        mailboxCreation: z.boolean().optional(),
        outboundDailyQuota: z.number().int().min(0).max(100_000).nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
      if (!user) throw new AppError("not_found", "No such user");
      const next = { ...(await getUserFeatures(ctx.db, input.userId)) };
      for (const key of ["aiFallback", "messenger", "outbound", "mailboxCreation", "outboundDailyQuota"] as const) {
        const value = input[key];
        if (value !== undefined) Object.assign(next, { [key]: value });
      }
      await ctx.db
        .insert(userFeatures)
        .values({ userId: input.userId, ...next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: userFeatures.userId, set: { ...next, updatedAt: new Date() } });
      return next;
    }),
});
