export { bulkActionLimit, deleteOwnMessages, markOwnMessagesRead } from "./bulk.ts";
export {
  deleteOwnMessage,
  downloadAttachment,
  downloadRawMessage,
  getOwnMessage,
  listOwnMessages,
  markOwnMessageRead,
  type Download,
} from "./read.ts";
export { runSearchBackfill } from "./search-backfill.ts";
