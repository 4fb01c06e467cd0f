import { users } from "@mailroom/db";
import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { endAllSessions } from "../../auth/session.ts";
import { AppError } from "../../errors/index.ts";
import { cursorSchema, encodeCursor, likePattern } from "../../lib/cursor.ts";
import { roleSchema } from "../../shared/validators.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";
import { publicUser } from "../../auth/public-user.ts";

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
    .query(async ({ ctx, input }) => {
      const search = input.query
        ? or(
            sql`${users.email} LIKE ${likePattern(input.query)} ESCAPE '\\'`,
            sql`${users.name} LIKE ${likePattern(input.query)} ESCAPE '\\'`,
          )
        : undefined;
      const after = input.cursor
        ? or(
            lt(users.createdAt, new Date(input.cursor.at)),
            and(eq(users.createdAt, new Date(input.cursor.at)), lt(users.id, input.cursor.id)),
          )
        : undefined;
      const rows = await ctx.db
        .select()
        .from(users)
        .where(and(search, after))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(input.limit + 1);
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      const [total] = await ctx.db.select({ value: count() }).from(users).where(search);
      return {
        items: page.map((user) => ({ ...publicUser(user), disabled: user.disabled })),
        nextCursor: rows.length > input.limit && last ? encodeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
        total: total?.value ?? 0,
      };
    }),

  update: adminProcedure
    .input(z.object({ id: z.string().min(1).max(64), role: roleSchema.optional(), disabled: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id && (input.disabled === true || input.role === "user")) {
        throw new AppError("forbidden", "You cannot disable your own account or remove your own administrator role");
      }
      const [updated] = await ctx.db
        .update(users)
        .set({
          ...(input.role ? { role: input.role } : {}),
          ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, input.id))
        .returning();
      if (!updated) throw new AppError("not_found", "No such user");
      // A disabled user is signed out everywhere at once.
      if (updated.disabled) await endAllSessions(ctx, updated.id);
      return { ...publicUser(updated), disabled: updated.disabled };
    }),
});
