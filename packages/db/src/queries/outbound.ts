import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../client.ts";
import { outboundMessages } from "../schema/index.ts";
import { afterCursor, pageOf, type Cursor } from "./paging.ts";

export type OutboundRow = typeof outboundMessages.$inferSelect;
export type NewOutbound = Omit<OutboundRow, "status" | "providerMessageId" | "error" | "statusReason" | "updatedAt">;
type OutboundStatus = OutboundRow["status"];

/**
 * Inserts a queued record; when the user already has a record with the same idempotency key,
 * nothing is written and that first record comes back instead (`created: false`).
 */
export async function insertOutboundOrGetExisting(db: Database, record: NewOutbound): Promise<{ created: boolean; record: OutboundRow }> {
  const [inserted] = await db
    .insert(outboundMessages)
    .values({ ...record, status: "queued", updatedAt: record.createdAt })
    .onConflictDoNothing({ target: [outboundMessages.userId, outboundMessages.idempotencyKey] })
    .returning();
  if (inserted) return { created: true, record: inserted };
  const existing = record.idempotencyKey === null ? null : await findOutboundByIdempotencyKey(db, record.userId, record.idempotencyKey);
  if (!existing) throw new Error("outbound record insert was refused without an idempotency conflict");
  return { created: false, record: existing };
}

export async function findOutboundByIdempotencyKey(db: Database, userId: string, idempotencyKey: string): Promise<OutboundRow | null> {
  const [row] = await db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.userId, userId), eq(outboundMessages.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** The record when it belongs to `userId`. */
export async function findOwnOutbound(db: Database, id: string, userId: string): Promise<OutboundRow | null> {
  const [row] = await db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's records, newest first, keyset-paged by (created_at, id). */
export async function listOutbound(db: Database, userId: string, options: { cursor?: Cursor | null | undefined; limit: number }): Promise<{ rows: OutboundRow[]; more: boolean }> {
  const rows = await db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.userId, userId), options.cursor ? afterCursor(outboundMessages.createdAt, outboundMessages.id, options.cursor) : undefined))
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** Settles a queued record as sent or failed; a record that is no longer queued stays as it is. */
export async function settleOutbound(
  db: Database,
  id: string,
  outcome: { status: "sent"; providerMessageId: string | null } | { status: "failed"; error: string },
  now: Date,
): Promise<OutboundRow | null> {
  const [row] = await db
    .update(outboundMessages)
    .set(
      outcome.status === "sent"
        ? { status: "sent", providerMessageId: outcome.providerMessageId, error: null, updatedAt: now }
        : { status: "failed", error: outcome.error, updatedAt: now },
    )
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, "queued")))
    .returning();
  return row ?? null;
}

/** A status a provider event can set, and the statuses it may replace (CONTRACT §15). */
export type EventStatus = "delivered" | "delayed" | "bounced" | "complained" | "failed";

// Events arrive out of order and more than once: a status only moves forward, and `bounced`,
// `complained` and `failed` never change again. A complaint comes after delivery; a bounce can
// follow a delay or (for a later-failing recipient) a delivery.
const replaces: Record<EventStatus, OutboundStatus[]> = {
  delayed: ["sent"],
  delivered: ["sent", "delayed"],
  bounced: ["sent", "delayed", "delivered"],
  complained: ["sent", "delayed", "delivered"],
  failed: ["sent", "delayed"],
};

/**
 * Moves the record Resend knows by `providerMessageId` to `status`, in one conditional
 * UPDATE (so concurrent events cannot undo each other). Null: no such record, or the event
 * came too late to change it.
 */
export async function applyOutboundEvent(
  db: Database,
  event: { providerMessageId: string; status: EventStatus; reason: string | null; at: Date },
): Promise<OutboundRow | null> {
  const [row] = await db
    .update(outboundMessages)
    .set({ status: event.status, statusReason: event.reason, ...(event.status === "failed" ? { error: event.reason } : {}), updatedAt: event.at })
    .where(
      and(
        eq(outboundMessages.providerMessageId, event.providerMessageId),
        // Only Resend sends events; records from before 0025 have no provider and all went through Resend.
        or(eq(outboundMessages.provider, "resend"), isNull(outboundMessages.provider)),
        inArray(outboundMessages.status, replaces[event.status]),
      ),
    )
    .returning();
  return row ?? null;
}
