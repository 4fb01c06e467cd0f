import { z } from "zod";
import { cursorSchema } from "../lib/cursor.ts";
import { getOwnOutbound, listOwnOutbound, outboundStatus, sendInputSchema, sendOutbound } from "../services/outbound/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

export const outboundRouter = router({
  /** Sends one mail; the answer is its outbound record (`sent` or `failed` with the provider's text). */
  send: protectedProcedure.input(sendInputSchema).mutation(({ ctx, input }) => sendOutbound(ctx, input)),

  /** The caller's outbound records, newest first. */
  list: protectedProcedure
    .input(
      z
        .object({ cursor: cursorSchema.nullish(), limit: z.number().int().min(1).max(100).default(30) })
        .default({ limit: 30 }),
    )
    .query(({ ctx, input }) => listOwnOutbound(ctx, input)),

  get: protectedProcedure.input(z.object({ id: z.string().min(1).max(64) })).query(({ ctx, input }) => getOwnOutbound(ctx, input.id)),

  /** Whether the caller may send (and why not), with today's usage against the quota. */
  status: protectedProcedure.query(({ ctx }) => outboundStatus(ctx)),
});
