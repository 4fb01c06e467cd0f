export { bulkActionLimit, deleteOwnMessages, markOwnMessagesRead } from "./bulk.ts";
export {
  deleteOwnMessage,
  downloadAttachment,
  downloadRawMessage,
  getOwnMessage,
  listOwnMessages,
  markOwnMessageRead,
  readRawMessage,
  type Download,
} from "./read.ts";
export { runBodyBackfill } from "./body-backfill.ts";
export { runSearchBackfill } from "./search-backfill.ts";
