import {
  attemptsOf,
  findDelivery,
  findOwnDelivery,
  listDeliveries,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookDeliveryStatus,
} from "@mailroom/db";
import { z } from "zod";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { encodeCursor } from "../../lib/cursor.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { deliverNow } from "./deliver.ts";
import { ownEndpoint } from "./endpoints.ts";
import { testEvent, type WebhookEventType } from "./events.ts";

const headersSchema = z.record(z.string(), z.string());

function storedHeaders(text: string | null): Record<string, string> | null {
  if (text === null) return null;
  try {
    const parsed = headersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A delivery as the log shows it: the request body, and every attempt with what was sent and answered. */
function deliveryView(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    requestBody: row.payload,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      ok: a.ok,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      responseText: a.responseText,
      error: a.error,
      requestHeaders: storedHeaders(a.requestHeaders),
      at: a.createdAt,
    })),
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

async function viewOf(ctx: Pick<SignedInContext, "db">, id: string): Promise<DeliveryView> {
  const [row, attempts] = await Promise.all([findDelivery(ctx.db, id), attemptsOf(ctx.db, [id])]);
  if (!row) throw new AppError("not_found", "No such delivery");
  return deliveryView(row, attempts);
}

/** `webhooks.deliveries`: an endpoint's log, newest first, optionally one status only. */
export async function listOwnDeliveries(
  ctx: Pick<SignedInContext, "db" | "actor">,
  input: { id: string; cursor?: { at: number; id: string } | null | undefined; status?: WebhookDeliveryStatus | undefined; limit: number },
) {
  const endpoint = await ownEndpoint(ctx, input.id);
  const page = await listDeliveries(ctx.db, endpoint.id, { status: input.status, cursor: input.cursor, limit: input.limit });
  const attempts = await attemptsOf(ctx.db, page.rows.map((r) => r.id));
  const last = page.rows[page.rows.length - 1];
  return {
    items: page.rows.map((row) => deliveryView(row, attempts.filter((a) => a.deliveryId === row.id))),
    nextCursor: page.more && last ? encodeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
  };
}

type ManualContext = Pick<SignedInContext, "db" | "config" | "clock" | "log" | "actor" | "stores" | "client">;

/**
 * `webhooks.test`: a `webhook.test` event, sent at once while the user waits; the delivery with
 * the attempt's outcome. Sent even to a switched-off endpoint, to check a receiver before
 * enabling it; tried once.
 */
export async function sendTestEvent(ctx: ManualContext, endpointId: string): Promise<DeliveryView> {
  const endpoint = await ownEndpoint(ctx, endpointId);
  // Requests on demand are limited, so the service cannot be made to hammer some address.
  await enforceRateLimit(ctx, "webhook-send");
  const [id] = await deliverNow(ctx, [{ endpoint, event: testEvent(endpoint.id, ctx.clock.now()) }], { maxAttempts: 1 });
  if (!id) throw new AppError("internal", "The test delivery was not created");
  return viewOf(ctx, id);
}

/** `webhooks.redeliver`: the same event (same id and body) as a new delivery, tried once at once. */
export async function redeliver(ctx: ManualContext, deliveryId: string): Promise<DeliveryView> {
  const found = await findOwnDelivery(ctx.db, deliveryId, ctx.actor.user.id);
  if (!found) throw new AppError("not_found", "No such delivery");
  await enforceRateLimit(ctx, "webhook-send");
  const { delivery, endpoint } = found;
  const event = { id: delivery.eventId, type: delivery.eventType as WebhookEventType, body: delivery.payload };
  const [id] = await deliverNow(ctx, [{ endpoint, event }], { maxAttempts: 1 });
  if (!id) throw new AppError("internal", "The delivery was not created");
  return viewOf(ctx, id);
}
