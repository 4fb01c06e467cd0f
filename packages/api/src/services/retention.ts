import { lt, or, isNotNull, sql, type SQL } from "drizzle-orm";
import { deleteMessages } from "./messages/delete-messages.ts";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "@mailroom/db";
import { messages, messengerBindingCodes, oauthPendingLogins, oauthStates, sessions, webhookDeliveries } from "@mailroom/db";

// One cron run must stay well inside the platform's limits, so every table is cleaned in
// bounded batches; what is left over goes in the next run.
const batchSize = 500;
const maxBatchesPerTable = 20;
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
  const expiredMessages = await deleteMessages(db, stores.attachments, lt(messages.expiresAt, now));
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
