import { z } from "zod";
import { cursorSchema } from "../../lib/cursor.ts";
import { listAccounts, updateAccount } from "../../services/users/manage.ts";
import { roleSchema } from "../../shared/validators.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

export const adminUsersRouter = router({
  list: adminProcedure
    .input(
      z
        .object({
          query: z.string().trim().max(100).optional(),
          cursor: cursorSchema.nullish(),
          limit: z.number().int().min(1).max(100).default(50),
        })
        .default({ limit: 50 }),
    )
    .query(({ ctx, input }) => listAccounts(ctx, input)),

  update: adminProcedure
    .input(z.object({ id: z.string().min(1).max(64), role: roleSchema.optional(), disabled: z.boolean().optional() }))
    .mutation(({ ctx, input }) => updateAccount(ctx, input)),
});
