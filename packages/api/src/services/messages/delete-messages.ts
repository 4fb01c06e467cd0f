import { attachments, messages, type Database } from "@mailroom/db";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

// Each batch costs a listing, object deletions and two row deletions.
const messageBatchSize = 200;
// R2 deletes at most 1000 keys per call.
const objectDeleteChunk = 1000;

export interface DeletedMessages {
  messages: number;
  objects: number;
}

/**
 * Deletes the messages matching `where` with their stored objects (raw message, attachment
 * files): objects first, rows after, so a failed run leaves rows that a later run retries
 * (deleting an object that is already gone is fine). Bounded by `maxBatches` per call.
 */
export async function deleteMessages(db: Database, bucket: R2Bucket | undefined, where: SQL, maxBatches = 10): Promise<DeletedMessages> {
  let deletedMessages = 0;
  let deletedObjects = 0;
  for (let i = 0; i < maxBatches; i++) {
    const batch = await db.select({ id: messages.id, rawKey: messages.rawKey }).from(messages).where(where).limit(messageBatchSize);
    if (batch.length === 0) break;
    // One bound JSON array instead of one parameter per id: D1 caps bound parameters at 100.
    const ids = JSON.stringify(batch.map((m) => m.id));
    const inBatch = (column: AnyColumn) => sql`${column} IN (SELECT value FROM json_each(${ids}))`;

    const files = await db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(sql`${inBatch(attachments.messageId)} AND ${attachments.storageKey} IS NOT NULL`);
    const keys = [...batch.map((m) => m.rawKey), ...files.map((f) => f.key)].filter((k): k is string => k !== null);
    if (bucket) {
      for (let start = 0; start < keys.length; start += objectDeleteChunk) {
        await bucket.delete(keys.slice(start, start + objectDeleteChunk));
      }
      deletedObjects += keys.length;
    } else if (keys.length > 0) {
      console.warn(`${keys.length} stored objects of deleted messages remain because ATTACHMENTS is not bound`);
    }
    await db.batch([db.delete(attachments).where(inBatch(attachments.messageId)), db.delete(messages).where(inBatch(messages.id))]);
    deletedMessages += batch.length;
    if (batch.length < messageBatchSize) break;
  }
  return { messages: deletedMessages, objects: deletedObjects };
}
