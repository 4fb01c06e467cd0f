// Where a message's objects live in the object store (`ATTACHMENTS`). Keys are derived from ids,
// so a reader can fetch a body in parallel with its row.

export const rawObjectKey = (messageId: string) => `raw/${messageId}.eml`;
export const attachmentObjectKey = (messageId: string, attachmentId: string) => `att/${messageId}/${attachmentId}`;
/** The message's body (text, HTML, display headers), compressed; see CONTRACT §12. */
export const bodyObjectKey = (messageId: string) => `body/${messageId}`;
