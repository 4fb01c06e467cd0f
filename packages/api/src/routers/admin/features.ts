import { z } from "zod";
import { getUserFeatures, setUserFeatures } from "../../services/settings/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

const userId = z.string().min(1).max(64);

export const adminFeaturesRouter = router({
  get: adminProcedure.input(z.object({ userId })).query(({ ctx, input }) => getUserFeatures(ctx, input.userId)),

  /** Per-user switches and the outbound and API quota overrides (null: the business default). */
  set: adminProcedure
    .input(
      z.object({
        userId,
        aiFallback: z.boolean().optional(),
        messenger: z.boolean().optional(),
        outbound: z.boolean().optional(),
        mailboxCreation: z.boolean().optional(),
        outboundDailyQuota: z.number().int().min(0).max(100_000).nullable().optional(),
        apiDailyQuota: z.number().int().min(0).max(10_000_000).nullable().optional(),
      }),
    )
    .mutation(({ ctx, input: { userId: id, ...patch } }) => setUserFeatures(ctx, id, patch)),
});
