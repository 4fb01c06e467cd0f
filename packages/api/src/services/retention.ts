import { lt, or, isNotNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "@mailroom/db";
import { attachments, messages, messengerBindingCodes, oauthPendingLogins, oauthStates, sessions, webhookDeliveries } from "@mailroom/db";

// One cron run must stay well inside the platform's limits, so every table is cleaned in
// bounded batches; what is left over goes in the next run.
const batchSize = 500;
const maxBatchesPerTable = 20;
// Expired messages cost a listing, object deletions and two row deletions per batch.
const messageBatchSize = 200;
const maxMessageBatches = 10;
// R2 deletes at most 1000 keys per call.
const objectDeleteChunk = 1000;
const webhookLogRetentionMs = 30 * 24 * 60 * 60 * 1000;

async function deleteInBatches(db: Database, table: SQLiteTable, where: SQL): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatchesPerTable; i++) {
    const result = await db.run(
      sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${batchSize})`,
    );
    const deleted = result.meta.changes;
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

/**
 * Deletes expired messages with their stored objects: objects first, rows after, so a failed
 * run leaves rows that the next run retries (deleting an object that is already gone is fine).
 */
async function deleteExpiredMessages(db: Database, bucket: R2Bucket | undefined, now: Date): Promise<{ messages: number; objects: number }> {
  let deletedMessages = 0;
  let deletedObjects = 0;
  for (let i = 0; i < maxMessageBatches; i++) {
    const batch = await db
      .select({ id: messages.id, rawKey: messages.rawKey })
      .from(messages)
      .where(lt(messages.expiresAt, now))
      .limit(messageBatchSize);
    if (batch.length === 0) break;
    // One bound JSON array instead of one parameter per id: D1 caps bound parameters at 100.
    const ids = JSON.stringify(batch.map((m) => m.id));
    const inBatch = (column: AnyColumn) => sql`${column} IN (SELECT value FROM json_each(${ids}))`;

    const files = await db.select({ key: attachments.storageKey }).from(attachments).where(sql`${inBatch(attachments.messageId)} AND ${attachments.storageKey} IS NOT NULL`);
    const keys = [...batch.map((m) => m.rawKey), ...files.map((f) => f.key)].filter((k): k is string => k !== null);
    if (bucket) {
      for (let start = 0; start < keys.length; start += objectDeleteChunk) {
        await bucket.delete(keys.slice(start, start + objectDeleteChunk));
      }
      deletedObjects += keys.length;
    } else if (keys.length > 0) {
      console.warn(`retention: ${keys.length} stored objects of expired messages remain because ATTACHMENTS is not bound`);
    }
    await db.batch([
      db.delete(attachments).where(inBatch(attachments.messageId)),
      db.delete(messages).where(inBatch(messages.id)),
    ]);
    deletedMessages += batch.length;
    if (batch.length < messageBatchSize) break;
  }
  return { messages: deletedMessages, objects: deletedObjects };
}

export interface RetentionReport {
  sessions: number;
  oauthStates: number;
  oauthPendingLogins: number;
  bindingCodes: number;
  messages: number;
  messageObjects: number;
  webhookDeliveries: number;
}

export interface RetentionStores {
  /** Where attachments and raw messages live; absent when the binding is not configured. */
  attachments?: R2Bucket | undefined;
}

/** Deletes expired records. Idempotent: a second run finds nothing to delete. */
export async function runRetention(db: Database, now: Date, stores: RetentionStores = {}): Promise<RetentionReport> {
  const expiredMessages = await deleteExpiredMessages(db, stores.attachments, now);
  return {
    sessions: await deleteInBatches(db, sessions, lt(sessions.expiresAt, now)),
    oauthStates: await deleteInBatches(db, oauthStates, lt(oauthStates.expiresAt, now)),
    oauthPendingLogins: await deleteInBatches(
      db,
      oauthPendingLogins,
      or(lt(oauthPendingLogins.expiresAt, now), isNotNull(oauthPendingLogins.consumedAt)) ?? sql`0`,
    ),
    bindingCodes: await deleteInBatches(db, messengerBindingCodes, lt(messengerBindingCodes.expiresAt, now)),
    messages: expiredMessages.messages,
    messageObjects: expiredMessages.objects,
    // Attempts go with their delivery (ON DELETE CASCADE).
    webhookDeliveries: await deleteInBatches(db, webhookDeliveries, lt(webhookDeliveries.createdAt, new Date(now.getTime() - webhookLogRetentionMs))),
  };
}
