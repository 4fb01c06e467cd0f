import { attachments, mailboxes, messages } from "@mailroom/db";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../errors/index.ts";
import { cursorSchema, encodeCursor, likePattern } from "../lib/cursor.ts";
import { deleteMessages } from "../services/messages/delete-messages.ts";
import { messageDetail, messageSummary } from "../services/messages/view.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const id = z.string().min(1).max(64);

export const messagesRouter = router({
  /** Newest first, across all the caller's mailboxes or one; search on sender and subject. */
  list: protectedProcedure
    .input(
      z
        .object({
          mailboxId: id.nullish(),
          cursor: cursorSchema.nullish(),
          limit: z.number().int().min(1).max(100).default(30),
          query: z.string().trim().max(200).optional(),
        })
        .default({ limit: 30 }),
    )
    .query(async ({ ctx, input }) => {
      if (input.mailboxId) {
        const [own] = await ctx.db
          .select({ id: mailboxes.id })
          .from(mailboxes)
          .where(and(eq(mailboxes.id, input.mailboxId), eq(mailboxes.userId, ctx.user.id)))
          .limit(1);
        if (!own) throw new AppError("not_found", "No such mailbox");
      }
      const pattern = input.query ? likePattern(input.query) : undefined;
      const rows = await ctx.db
        .select({ message: messages, address: mailboxes.address })
        .from(messages)
        .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
        .where(
          and(
            eq(messages.userId, ctx.user.id),
            input.mailboxId ? eq(messages.mailboxId, input.mailboxId) : undefined,
            pattern
              ? or(
                  sql`${messages.fromAddress} LIKE ${pattern} ESCAPE '\\'`,
                  sql`${messages.fromName} LIKE ${pattern} ESCAPE '\\'`,
                  sql`${messages.subject} LIKE ${pattern} ESCAPE '\\'`,
                )
              : undefined,
            input.cursor
              ? or(
                  lt(messages.receivedAt, new Date(input.cursor.at)),
                  and(eq(messages.receivedAt, new Date(input.cursor.at)), lt(messages.id, input.cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(messages.receivedAt), desc(messages.id))
        .limit(input.limit + 1);
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => messageSummary(r.message, r.address)),
        nextCursor: rows.length > input.limit && last ? encodeCursor({ at: last.message.receivedAt.getTime(), id: last.message.id }) : null,
      };
    }),

  /** One message in full; opening it marks it read. */
  get: protectedProcedure.input(z.object({ id })).query(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({ message: messages, address: mailboxes.address })
      .from(messages)
      .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
      .where(and(eq(messages.id, input.id), eq(messages.userId, ctx.user.id)))
      .limit(1);
    if (!row) throw new AppError("not_found", "No such message");
    if (row.message.readAt === null) {
      row.message.readAt = new Date();
      await ctx.db.update(messages).set({ readAt: row.message.readAt }).where(eq(messages.id, input.id));
    }
    const files = await ctx.db.select().from(attachments).where(eq(attachments.messageId, input.id));
    return messageDetail(row.message, row.address, files);
  }),

  markRead: protectedProcedure.input(z.object({ id, read: z.boolean() })).mutation(async ({ ctx, input }) => {
    const updated = await ctx.db
      .update(messages)
      .set({ readAt: input.read ? new Date() : null })
      .where(and(eq(messages.id, input.id), eq(messages.userId, ctx.user.id)))
      .returning({ id: messages.id });
    if (updated.length === 0) throw new AppError("not_found", "No such message");
    return { ok: true as const };
  }),

  delete: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const removed = await deleteMessages(ctx.db, ctx.env.ATTACHMENTS, and(eq(messages.id, input.id), eq(messages.userId, ctx.user.id)) ?? sql`0`, 1);
    if (removed.messages === 0) throw new AppError("not_found", "No such message");
    return { ok: true as const };
  }),
});
