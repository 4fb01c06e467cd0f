import { z } from "zod";
import { createInvites, disableInviteById, listInviteSummaries } from "../../services/invites/index.ts";
import { roleSchema } from "../../shared/validators.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

export const adminInvitesRouter = router({
  create: adminProcedure
    .input(
      z
        .object({
          count: z.number().int().min(1).max(100).default(1),
          maxUses: z.number().int().min(1).max(10_000).default(1),
          expiresAt: z.date().nullish(),
          role: roleSchema.default("user"),
        })
        .default({ count: 1, maxUses: 1, role: "user" }),
    )
    .mutation(async ({ ctx, input }) => ({
      codes: await createInvites(ctx, { ...input, expiresAt: input.expiresAt ?? null, createdBy: ctx.actor.user.id }),
    })),

  list: adminProcedure.query(({ ctx }) => listInviteSummaries(ctx)),

  disable: adminProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    await disableInviteById(ctx, input.id);
    return { ok: true as const };
  }),
});
