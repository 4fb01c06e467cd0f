import { deleteMessageRows, findMessagesToDelete, type MessageScope } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";

// Each batch costs two reads, the object deletions and one write batch, whatever its size; 500
// ids still travel as one bound JSON array.
const messageBatchSize = 500;
// R2 deletes at most 1000 keys per call.
const objectDeleteChunk = 1000;

export interface DeletedMessages {
  messages: number;
  objects: number;
  /** Batches used (listings made), for callers that share a budget between scopes. */
  batches: number;
}

/**
 * Deletes the messages in `scope` with their stored objects (raw message, attachment files):
 * objects first, rows after, so a failed run leaves rows that a later run retries (deleting an
 * object that is already gone is fine). Bounded by `maxBatches` per call.
 */
export async function deleteMessages(
  ctx: Pick<ServiceContext, "db" | "stores" | "log">,
  scope: MessageScope,
  maxBatches = 10,
): Promise<DeletedMessages> {
  let deletedMessages = 0;
  let deletedObjects = 0;
  let batches = 0;
  const bucket = ctx.stores.attachments;
  for (let i = 0; i < maxBatches; i++) {
    batches += 1;
    const batch = await findMessagesToDelete(ctx.db, scope, messageBatchSize);
    if (batch.ids.length === 0) break;
    if (bucket) {
      for (let start = 0; start < batch.objectKeys.length; start += objectDeleteChunk) {
        await bucket.delete(batch.objectKeys.slice(start, start + objectDeleteChunk));
      }
      deletedObjects += batch.objectKeys.length;
    } else if (batch.objectKeys.length > 0) {
      ctx.log.warn("stored objects of deleted messages remain because ATTACHMENTS is not bound", { objects: batch.objectKeys.length });
    }
    await deleteMessageRows(ctx.db, batch.ids);
    deletedMessages += batch.ids.length;
    if (batch.ids.length < messageBatchSize) break;
  }
  return { messages: deletedMessages, objects: deletedObjects, batches };
}
