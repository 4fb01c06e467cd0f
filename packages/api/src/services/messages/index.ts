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
export { runBodyBackfill } from "./body-backfill.ts";
export { runSearchBackfill } from "./search-backfill.ts";
