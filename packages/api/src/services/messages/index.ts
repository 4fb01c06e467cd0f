export {
  deleteOwnMessage,
  downloadAttachment,
  downloadRawMessage,
  getOwnMessage,
  listOwnMessages,
  markOwnMessageRead,
  type Download,
} from "./read.ts";
