// Where a message's objects live in the object store (`ATTACHMENTS`). Keys are derived from ids,
// so a reader can fetch a body in parallel with its row.

export const attachmentObjectKey = (messageId: string, attachmentId: string) => `att/${messageId}/${attachmentId}`;
/**
 * A message's one object since migration 0023: its compressed body (text, HTML, display headers)
 * followed by the raw message as received; see CONTRACT §12 and services/messages/message-object.ts.
 */
export const messageObjectKey = (messageId: string) => `msg/${messageId}`;
/** The body alone, for messages stored before 0023 (whose raw copy is `raw/<id>.eml`), moved by the cron. */
export const bodyObjectKey = (messageId: string) => `body/${messageId}`;
