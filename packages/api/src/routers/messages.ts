import { z } from "zod";
import { cursorSchema } from "../lib/cursor.ts";
import {
  bulkActionLimit,
  deleteOwnMessage,
  deleteOwnMessages,
  getOwnMessage,
  listOwnMessages,
  markOwnMessageRead,
  markOwnMessagesRead,
} from "../services/messages/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const id = z.string().min(1).max(64);
const ids = z.array(id).min(1).max(bulkActionLimit);

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

  /** Bulk "mark read/unread" over a selection; ids that are not the caller's are skipped. */
  markReadMany: protectedProcedure.input(z.object({ ids, read: z.boolean() })).mutation(async ({ ctx, input }) => {
    return { ok: true as const, updated: await markOwnMessagesRead(ctx, input.ids, input.read) };
  }),

  /** Bulk delete over a selection, stored objects included; ids that are not the caller's are skipped. */
  deleteMany: protectedProcedure.input(z.object({ ids })).mutation(async ({ ctx, input }) => {
    return { ok: true as const, deleted: await deleteOwnMessages(ctx, input.ids) };
  }),
});
