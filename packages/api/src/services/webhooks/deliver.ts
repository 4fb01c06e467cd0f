import {
  claimDueDeliveries,
  closeLeasedDelivery,
  endpointsByIds,
  insertLeasedDeliveries,
  recordAttempt,
  type AttemptRecord,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { newId } from "../../lib/crypto.ts";
import type { WebhookEvent } from "./events.ts";
import { defaultAttemptLimits, postOnce, type AttemptLimits, type HttpOutcome } from "./http.ts";
import { openSecret } from "./secret.ts";
import { signature } from "./sign.ts";
import { checkTarget } from "./target.ts";

const minute = 60_000;
const hour = 60 * minute;

/** Waits after the 1st, 2nd, ... failed attempt: 6 attempts spread over 7 h 36 min. */
const retryDelaysMs = [minute, 5 * minute, 30 * minute, 2 * hour, 5 * hour] as const;
/** Attempts of a delivery made for new mail; a test or a redelivery is tried once, while the user watches. */
export const automaticAttempts = retryDelaysMs.length + 1;

/** An endpoint that has failed every attempt for this long is switched off when a delivery runs out of attempts. */
const disableAfterMs = 3 * 24 * hour;
/** How long a claim holds a delivery; far above one attempt's time limit. */
const leaseMs = 2 * minute;

type DeliveryContext = Pick<ServiceContext, "db" | "config" | "clock" | "log">;

export interface DeliveryLimits extends AttemptLimits {
  /** Deliveries claimed at once by a cron run, and how many such batches one run takes at most. */
  batchSize: number;
  maxBatches: number;
}

const defaultDeliveryLimits: DeliveryLimits = { ...defaultAttemptLimits, batchSize: 25, maxBatches: 4 };

/** A delivery this caller holds the lease of. */
type Leased = WebhookDeliveryRow & { leaseToken: string };

interface AttemptOutcome extends HttpOutcome {
  requestHeaders: Record<string, string> | null;
}

function refused(error: string): AttemptOutcome {
  return { ok: false, statusCode: null, durationMs: 0, responseText: null, error, requestHeaders: null };
}

/** Signs and sends one attempt of a delivery to its endpoint's current URL and secret. */
async function send(ctx: DeliveryContext, delivery: Leased, endpoint: WebhookEndpointRow, limits: AttemptLimits): Promise<AttemptOutcome> {
  // Checked again at send time: the setting may have changed since the URL was saved.
  const target = checkTarget(endpoint.url, ctx.config.webhookAllowPrivateTargets);
  if (!target.ok) return refused(`Not sent: the URL ${target.reason}`);
  let secret: string;
  try {
    secret = await openSecret(ctx.config, endpoint.id, endpoint.secret);
  } catch (error) {
    return refused(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
  }
  const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": `${ctx.config.appName}-Webhooks/1`,
    "webhook-id": delivery.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signature(secret, delivery.eventId, timestamp, delivery.payload),
  };
  return { ...(await postOnce(target.url, headers, delivery.payload, limits)), requestHeaders: headers };
}

function nextStep(delivery: Leased, ok: boolean, at: Date): AttemptRecord["next"] {
  if (ok) return { status: "succeeded" };
  const attempt = delivery.attempts + 1;
  const delay = retryDelaysMs[attempt - 1];
  if (attempt >= delivery.maxAttempts || delay === undefined) return { status: "failed" };
  return { status: "pending", at: new Date(at.getTime() + delay) };
}

/**
 * Makes one attempt of a leased delivery and records it (log row, delivery state, endpoint
 * health). Never throws: a failure of the receiver or of this code is logged and recorded.
 */
async function attemptLeased(ctx: DeliveryContext, delivery: Leased, endpoint: WebhookEndpointRow, limits: AttemptLimits): Promise<AttemptRecord["next"]["status"] | "lost"> {
  let outcome: AttemptOutcome;
  try {
    outcome = await send(ctx, delivery, endpoint, limits);
  } catch (error) {
    ctx.log.error("webhook attempt failed unexpectedly", error, { deliveryId: delivery.id });
    outcome = refused("Not sent: an internal error occurred");
  }
  const at = ctx.clock.now();
  const next = nextStep(delivery, outcome.ok, at);
  const automatic = delivery.maxAttempts > 1;
  const record: AttemptRecord = {
    id: newId(),
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    leaseToken: delivery.leaseToken,
    attempt: delivery.attempts + 1,
    ok: outcome.ok,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseText: outcome.responseText,
    error: outcome.error,
    requestHeaders: outcome.requestHeaders ? JSON.stringify(outcome.requestHeaders) : null,
    at,
    next,
    ...(next.status === "failed" && automatic
      ? {
          disable: {
            failingSince: new Date(at.getTime() - disableAfterMs),
            reason: `Switched off on ${at.toISOString().slice(0, 10)}: every delivery failed for 3 days (last: ${outcome.error ?? "failed"}). Fix the receiver, then enable the endpoint again.`,
          },
        }
      : {}),
  };
  let recorded: boolean;
  try {
    recorded = await recordAttempt(ctx.db, record);
  } catch (error) {
    // The lease runs out and the cron tries again; nothing else is held up.
    ctx.log.error("webhook attempt could not be recorded", error, { deliveryId: delivery.id });
    return "lost";
  }
  if (!recorded) {
    ctx.log.warn("webhook attempt not recorded: the lease was taken over", { deliveryId: delivery.id });
    return "lost";
  }
  ctx.log.info("webhook attempt", {
    deliveryId: delivery.id,
    eventType: delivery.eventType,
    attempt: delivery.attempts + 1,
    ok: outcome.ok,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    next: next.status,
  });
  return next.status;
}

/**
 * Creates one delivery per (endpoint, event), leased to this caller, and makes their first
 * attempts at once. Resolves when every attempt is recorded; deliveries whose attempt never
 * gets recorded (the isolate ended) are taken over by the cron when the lease runs out.
 */
export async function deliverNow(
  ctx: DeliveryContext,
  targets: readonly { endpoint: WebhookEndpointRow; event: WebhookEvent }[],
  options: { maxAttempts: number; limits?: AttemptLimits },
): Promise<string[]> {
  const now = ctx.clock.now();
  const leaseToken = newId();
  const rows = targets.map(({ endpoint, event }) => ({
    id: newId(),
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    payload: event.body,
    maxAttempts: options.maxAttempts,
    createdAt: now,
    leaseUntil: new Date(now.getTime() + leaseMs),
    leaseToken,
  }));
  await insertLeasedDeliveries(ctx.db, rows);
  await Promise.all(
    rows.map((row, i) => {
      const endpoint = targets[i]?.endpoint;
      const delivery: Leased = { ...row, status: "pending", attempts: 0, nextAttemptAt: now, updatedAt: now, lastAttemptAt: null, lastStatusCode: null, lastError: null };
      return endpoint ? attemptLeased(ctx, delivery, endpoint, options.limits ?? defaultAttemptLimits) : Promise.resolve("lost");
    }),
  );
  return rows.map((r) => r.id);
}

export interface DeliveryRunReport {
  attempted: number;
  succeeded: number;
  retrying: number;
  failed: number;
  /** Closed without an attempt: the endpoint was switched off. */
  closed: number;
}

/**
 * The cron's part: takes due deliveries in bounded batches under a lease, so overlapping runs
 * never attempt one delivery twice, and attempts each batch in parallel.
 */
export async function runDueDeliveries(ctx: DeliveryContext, limits: Partial<DeliveryLimits> = {}): Promise<DeliveryRunReport> {
  const { batchSize, maxBatches, ...attemptLimits } = { ...defaultDeliveryLimits, ...limits };
  const report: DeliveryRunReport = { attempted: 0, succeeded: 0, retrying: 0, failed: 0, closed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const now = ctx.clock.now();
    const token = newId();
    const claimed = await claimDueDeliveries(ctx.db, now, new Date(now.getTime() + leaseMs), token, batchSize);
    if (claimed.length === 0) break;
    const endpoints = new Map((await endpointsByIds(ctx.db, [...new Set(claimed.map((d) => d.endpointId))])).map((e) => [e.id, e]));
    await Promise.all(
      claimed.map(async (row) => {
        const delivery: Leased = { ...row, leaseToken: token };
        const endpoint = endpoints.get(row.endpointId);
        if (!endpoint?.enabled) {
          await closeLeasedDelivery(ctx.db, row.id, token, "Not sent: the endpoint is switched off", now);
          report.closed += 1;
          return;
        }
        const status = await attemptLeased(ctx, delivery, endpoint, attemptLimits);
        if (status === "lost") return;
        report.attempted += 1;
        if (status === "succeeded") report.succeeded += 1;
        else if (status === "pending") report.retrying += 1;
        else report.failed += 1;
      }),
    );
    if (claimed.length < batchSize) break;
  }
  return report;
}
