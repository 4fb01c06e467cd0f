import { and, asc, desc, eq, exists, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookDeliveryStatuses } from "../schema/index.ts";
import { runBatch } from "./batch.ts";
import { inList } from "./in-list.ts";
import { afterCursor, pageOf, type Cursor } from "./paging.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export type NewWebhookEndpoint = Pick<WebhookEndpointRow, "id" | "userId" | "name" | "url" | "events" | "secret" | "createdAt">;

/**
 * Inserts an endpoint unless its user already has `cap` of them; false at the cap. One statement
 * counts and inserts, so concurrent creates cannot pass the cap together.
 */
export async function insertEndpointUnderCap(db: Database, row: NewWebhookEndpoint, cap: number): Promise<boolean> {
  const at = row.createdAt.getTime();
  const result = await db.run(sql`
    INSERT INTO webhook_endpoints (id, user_id, name, url, events, enabled, secret, created_at, updated_at)
    SELECT ${row.id}, ${row.userId}, ${row.name}, ${row.url}, ${row.events}, 1, ${row.secret}, ${at}, ${at}
    WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE user_id = ${row.userId}) < ${cap}`);
  return result.meta.changes === 1;
}

export async function listEndpoints(db: Database, userId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findOwnEndpoint(db: Database, id: string, userId: string): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  return row ?? null;
}

export type EndpointChanges = Partial<Pick<WebhookEndpointRow, "name" | "url" | "events" | "enabled" | "disabledReason" | "failingSince" | "secret">>;

/** Changes the user's endpoint; null when there is no such endpoint of theirs. */
export async function updateOwnEndpoint(db: Database, id: string, userId: string, changes: EndpointChanges, now: Date): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the user's endpoint with its deliveries and attempts (ON DELETE CASCADE). */
export async function deleteOwnEndpoint(db: Database, id: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return removed.length === 1;
}

/** The user's enabled endpoints (what new mail may be sent to); the caller picks by event. */
export async function enabledEndpointsOf(db: Database, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true)));
}

export async function endpointsByIds(db: Database, ids: readonly string[]): Promise<WebhookEndpointRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(webhookEndpoints).where(inList(webhookEndpoints.id, ids));
}

export type NewWebhookDelivery = Pick<
  WebhookDeliveryRow,
  "id" | "endpointId" | "eventId" | "eventType" | "payload" | "maxAttempts" | "createdAt" | "leaseUntil" | "leaseToken"
>;

/**
 * Inserts deliveries that are due at once and already leased to the caller, who makes their first
 * attempt; should it never record one, the lease runs out and the cron takes them over.
 */
export async function insertLeasedDeliveries(db: Database, rows: readonly NewWebhookDelivery[]): Promise<void> {
  const [first, ...rest] = rows.map((row) =>
    db.insert(webhookDeliveries).values({ ...row, status: "pending", attempts: 0, nextAttemptAt: row.createdAt, updatedAt: row.createdAt }),
  );
  if (!first) return;
  // One statement per row: a multi-row insert would pass D1's 100 bound parameters.
  await db.batch([first, ...rest]);
}

/**
 * Leases up to `limit` due deliveries (pending, next attempt at or before `now`, no live lease) to
 * `token` until `leaseUntil`. One UPDATE picks and marks them, so two overlapping runs never get
 * the same delivery.
 */
export async function claimDueDeliveries(db: Database, now: Date, leaseUntil: Date, token: string, limit: number): Promise<WebhookDeliveryRow[]> {
  const free = or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now));
  const due = and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now), free);
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil, leaseToken: token })
    .where(
      and(
        inArray(
          webhookDeliveries.id,
          db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(due).orderBy(asc(webhookDeliveries.nextAttemptAt)).limit(limit),
        ),
        due,
      ),
    )
    .returning();
}

/** What one attempt did, and what becomes of its delivery. */
export interface AttemptRecord {
  id: string;
  deliveryId: string;
  endpointId: string;
  /** The lease the attempt ran under: a writer whose lease was taken over records nothing. */
  leaseToken: string;
  attempt: number;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseText: string | null;
  error: string | null;
  requestHeaders: string | null;
  at: Date;
  /** Pending with the next attempt's time, or final. */
  next: { status: "pending"; at: Date } | { status: "succeeded" | "failed" };
  /** Switch the endpoint off with this reason when it has failed since `failingSince` or earlier. */
  disable?: { failingSince: Date; reason: string };
}

/**
 * Logs an attempt, moves its delivery on and keeps the endpoint's health, in one batch. Every
 * statement holds only while the caller's lease does. False when the lease was lost.
 */
export async function recordAttempt(db: Database, record: AttemptRecord): Promise<boolean> {
  const at = record.at.getTime();
  const holdsLease = exists(
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, record.deliveryId), eq(webhookDeliveries.leaseToken, record.leaseToken))),
  );
  const attempt = sql`
    INSERT INTO webhook_attempts (id, delivery_id, attempt, ok, status_code, duration_ms, response_text, error, created_at, request_headers)
    SELECT ${record.id}, ${record.deliveryId}, ${record.attempt}, ${record.ok ? 1 : 0}, ${record.statusCode}, ${record.durationMs},
           ${record.responseText}, ${record.error}, ${at}, ${record.requestHeaders}
    WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${record.deliveryId} AND lease_token = ${record.leaseToken})`;
  const failingSince = sql`COALESCE(${webhookEndpoints.failingSince}, ${at})`;
  const disable = record.disable;
  const switchOff = disable ? sql`(${webhookEndpoints.enabled} = 1 AND ${failingSince} <= ${disable.failingSince.getTime()})` : sql`0`;
  const health = record.ok
    ? { lastSuccessAt: record.at, failingSince: null }
    : {
        lastFailureAt: record.at,
        failingSince: sql`${failingSince}`,
        enabled: sql`CASE WHEN ${switchOff} THEN 0 ELSE ${webhookEndpoints.enabled} END`,
        disabledReason: sql`CASE WHEN ${switchOff} THEN ${disable?.reason ?? null} ELSE ${webhookEndpoints.disabledReason} END`,
      };
  const endpoint = db
    .update(webhookEndpoints)
    .set(health)
    .where(and(eq(webhookEndpoints.id, record.endpointId), holdsLease));
  const delivery = db
    .update(webhookDeliveries)
    .set({
      status: record.next.status,
      attempts: record.attempt,
      nextAttemptAt: record.next.status === "pending" ? record.next.at : null,
      leaseUntil: null,
      leaseToken: null,
      lastAttemptAt: record.at,
      lastStatusCode: record.statusCode,
      lastError: record.error,
      updatedAt: record.at,
    })
    .where(and(eq(webhookDeliveries.id, record.deliveryId), eq(webhookDeliveries.leaseToken, record.leaseToken)));
  const [inserted] = await runBatch(db, [attempt, endpoint, delivery]);
  return inserted?.meta.changes === 1;
}

/** Ends a leased delivery without an attempt (its endpoint is gone or switched off). */
export async function closeLeasedDelivery(db: Database, deliveryId: string, leaseToken: string, error: string, at: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, leaseUntil: null, leaseToken: null, lastError: error, updatedAt: at })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.leaseToken, leaseToken)));
}

export interface DeliveryListOptions {
  status?: WebhookDeliveryStatus | undefined;
  cursor?: Cursor | null | undefined;
  limit: number;
}

/** An endpoint's deliveries, newest first, keyset-paged by (created_at, id). */
export async function listDeliveries(db: Database, endpointId: string, options: DeliveryListOptions): Promise<{ rows: WebhookDeliveryRow[]; more: boolean }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        options.status ? eq(webhookDeliveries.status, options.status) : undefined,
        options.cursor ? afterCursor(webhookDeliveries.createdAt, webhookDeliveries.id, options.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** The attempts of some deliveries, in attempt order. */
export async function attemptsOf(db: Database, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inList(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt));
}

export async function findDelivery(db: Database, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row ?? null;
}

/** A delivery whose endpoint belongs to `userId`, with that endpoint. */
export async function findOwnDelivery(db: Database, id: string, userId: string): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  return row ?? null;
}
