import { inviteCodes, inviteRedemptions, users } from "@mailroom/db";
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../errors/index.ts";
import { createInvites, inviteStatus } from "../../services/invites/index.ts";
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
    .mutation(async ({ ctx, input }) => {
      if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
        throw new AppError("validation_failed", "The expiry must be in the future", {
          issues: [{ path: "expiresAt", message: "The expiry must be in the future" }],
        });
      }
      const codes = await createInvites(ctx.db, {
        count: input.count,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt ?? null,
        role: input.role,
        createdBy: ctx.user.id,
      });
      return { codes };
    }),

  list: adminProcedure.query(async ({ ctx }) => {
    const invites = await ctx.db
      .select({ invite: inviteCodes, createdByEmail: users.email })
      .from(inviteCodes)
      .leftJoin(users, eq(users.id, inviteCodes.createdBy))
      .orderBy(desc(inviteCodes.createdAt))
      .limit(500);
    const ids = invites.map((row) => row.invite.id);
    const redemptions = ids.length
      ? await ctx.db
          .select({ inviteId: inviteRedemptions.inviteId, email: users.email, redeemedAt: inviteRedemptions.redeemedAt })
          .from(inviteRedemptions)
          .innerJoin(users, eq(users.id, inviteRedemptions.userId))
          .where(inArray(inviteRedemptions.inviteId, ids))
      : [];
    const now = new Date();
    return invites.map(({ invite, createdByEmail }) => ({
      id: invite.id,
      hint: invite.codeHint,
      role: invite.role,
      maxUses: invite.maxUses,
      usedCount: invite.usedCount,
      expiresAt: invite.expiresAt,
      createdAt: invite.createdAt,
      createdBy: createdByEmail,
      status: inviteStatus(invite, now),
      redeemedBy: redemptions
        .filter((r) => r.inviteId === invite.id)
        .map(({ email, redeemedAt }) => ({ email, redeemedAt })),
    }));
  }),

  disable: adminProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const updated = await ctx.db
      .update(inviteCodes)
      .set({ disabled: true })
      .where(eq(inviteCodes.id, input.id))
      .returning({ id: inviteCodes.id });
    if (updated.length === 0) throw new AppError("not_found", "No such invite code");
    return { ok: true as const };
  }),
});
