import { webhookDeliveryStatuses } from "@mailroom/db";
import { z } from "zod";
import { cursorSchema } from "../lib/cursor.ts";
import {
  createEndpoint,
  deleteEndpoint,
  endpointNameSchema,
  endpointUrlSchema,
  eventsSchema,
  listOwnDeliveries,
  listOwnEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from "../services/webhooks/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const id = z.string().min(1).max(64);

/** User webhooks (CONTRACT §3a, §9); every procedure acts on the caller's own endpoints only. */
export const webhooksRouter = router({
  /** The new endpoint's id and its signing secret, shown this once. */
  create: protectedProcedure
    .input(z.object({ name: endpointNameSchema, url: endpointUrlSchema, events: eventsSchema }))
    .mutation(({ ctx, input }) => createEndpoint(ctx, input)),

  list: protectedProcedure.query(({ ctx }) => listOwnEndpoints(ctx)),

  /** What targets this environment accepts, for the form's hint (local development also takes private addresses). */
  targets: protectedProcedure.query(({ ctx }) => ({ allowPrivate: ctx.config.webhookAllowPrivateTargets })),

  update: protectedProcedure
    .input(z.object({ id, name: endpointNameSchema.optional(), url: endpointUrlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() }))
    .mutation(({ ctx, input }) => updateEndpoint(ctx, input.id, input)),

  delete: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteEndpoint(ctx, input.id);
    return { ok: true as const };
  }),

  rotateSecret: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => rotateSecret(ctx, input.id)),

  /** Sends a `webhook.test` event now; the delivery with the attempt's outcome. */
  test: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => sendTestEvent(ctx, input.id)),

  deliveries: protectedProcedure
    .input(
      z.object({
        id,
        cursor: cursorSchema.nullish(),
        status: z.enum(webhookDeliveryStatuses).optional(),
        limit: z.number().int().min(1).max(100).default(20),
      }),
    )
    .query(({ ctx, input }) => listOwnDeliveries(ctx, input)),

  /** The same event again as a new delivery, tried once at once. */
  redeliver: protectedProcedure.input(z.object({ deliveryId: id })).mutation(({ ctx, input }) => redeliver(ctx, input.deliveryId)),
});
