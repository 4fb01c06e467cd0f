import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { outboundMessages } from "../schema/index.ts";
import { afterCursor, pageOf, type Cursor } from "./paging.ts";

export type OutboundRow = typeof outboundMessages.$inferSelect;
export type NewOutbound = Omit<OutboundRow, "status" | "providerMessageId" | "error" | "updatedAt">;

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
