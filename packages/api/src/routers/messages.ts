import { z } from "zod";
import { cursorSchema } from "../lib/cursor.ts";
import { deleteOwnMessage, getOwnMessage, listOwnMessages, markOwnMessageRead } from "../services/messages/index.ts";
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
    .query(({ ctx, input }) => listOwnMessages(ctx, input)),

  /** One message in full. A pure read: the message view marks it read with `markRead`. */
  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getOwnMessage(ctx, input.id)),

  markRead: protectedProcedure.input(z.object({ id, read: z.boolean() })).mutation(async ({ ctx, input }) => {
    await markOwnMessageRead(ctx, input.id, input.read);
    return { ok: true as const };
  }),

  delete: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteOwnMessage(ctx, input.id);
    return { ok: true as const };
  }),
});
