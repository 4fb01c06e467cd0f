import { and, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { bodyObjectKey } from "../object-keys.ts";
import { attachments, mailboxes, messages } from "../schema/index.ts";
import { searchQueryTerms } from "../search-terms.ts";
import { runBatch } from "./batch.ts";
import { liveMailbox } from "./mailboxes.ts";
import { inList } from "./in-list.ts";
import { messageTermsOf, searchPageIds } from "./message-search.ts";
import { afterCursor, pageOf, type Cursor } from "./paging.ts";

export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
/**
 * A message to store; its search words are taken from its sender and subject on the way in. Its
 * body goes in the object store or, compressed, in `body` (the legacy body columns stay empty).
 */
type RoutingColumns = "plusTag" | "deliveredTo" | "authentication" | "suspicious" | "forwards";
export type NewMessage = Omit<MessageRow, "readAt" | "searchTerms" | "textBody" | "htmlBody" | "headers" | RoutingColumns> & Partial<Pick<MessageRow, RoutingColumns>>;
export type NewAttachment = AttachmentRow;

// What lists read: everything but the bodies. `text_body` stays for rows stored before migration
// 0023 (their preview comes from it until the cron moves them); it is null for every newer row.
const { htmlBody: _html, headers: _headers, body: _body, ...listColumns } = getTableColumns(messages);
export type MessageListRow = Omit<MessageRow, "htmlBody" | "headers" | "body">;

/** A message with the address of the mailbox it arrived in. */
export interface MessageWithAddress<Row = MessageRow> {
  message: Row;
  address: string;
}

export interface MessageListOptions {
  mailboxId?: string | null | undefined;
  /** Words to find at the start of words of the sender (address, name) or subject; see search-terms.ts. */
  search?: string | undefined;
  cursor?: Cursor | null | undefined;
  limit: number;
  /** Messages of mailboxes expired at this moment are left out (they wait for retention). */
  now?: Date | undefined;
}

/** The user's messages, newest first, across all mailboxes or one, keyset-paged by (received_at, id). */
export async function listMessages(db: Database, userId: string, options: MessageListOptions): Promise<{ rows: MessageWithAddress<MessageListRow>[]; more: boolean }> {
  const terms = options.search === undefined ? [] : searchQueryTerms(options.search);
  // A search of nothing but punctuation has no word to find.
  if (options.search !== undefined && terms.length === 0) return { rows: [], more: false };
  const rows = await db
    .select({ message: listColumns, address: mailboxes.address })
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .where(
      terms.length > 0
        ? // The page's rows by id; the owner is checked again without its index (the unary `+`),
          // which would have SQLite walk all the owner's messages to meet the page's few ids.
          and(sql`${messages.id} IN (${searchPageIds(userId, terms, { ...options, rows: options.limit + 1 })})`, sql`+${messages.userId} = ${userId}`)
        : and(
            eq(messages.userId, userId),
            options.now ? liveMailbox(options.now) : undefined,
            options.mailboxId ? eq(messages.mailboxId, options.mailboxId) : undefined,
            options.cursor ? afterCursor(messages.receivedAt, messages.id, options.cursor) : undefined,
          ),
    )
    .orderBy(desc(messages.receivedAt), desc(messages.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** The message when it belongs to `userId`, with its mailbox address (and its body when that lives in D1). */
export async function findOwnMessage(db: Database, id: string, userId: string): Promise<MessageWithAddress | null> {
  const [row] = await db
    .select({ message: messages, address: mailboxes.address })
    .from(messages)
    .innerJoin(mailboxes, eq(mailboxes.id, messages.mailboxId))
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listAttachments(db: Database, messageId: string): Promise<AttachmentRow[]> {
  return db.select().from(attachments).where(eq(attachments.messageId, messageId));
}

/** An attachment of a message that belongs to `userId`. */
export async function findOwnAttachment(db: Database, messageId: string, attachmentId: string, userId: string): Promise<AttachmentRow | null> {
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(and(eq(attachments.id, attachmentId), eq(attachments.messageId, messageId), eq(messages.userId, userId)))
    .limit(1);
  return row?.attachment ?? null;
}

/** Marks the user's message read (at `readAt`) or unread (null); false when there is no such message. */
export async function setMessageRead(db: Database, id: string, userId: string, readAt: Date | null): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({ readAt })
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .returning({ id: messages.id });
  return updated.length === 1;
}

/** Marks those of `ids` that belong to `userId` read or unread; returns how many it changed (others are left alone). */
export async function setMessagesRead(db: Database, ids: readonly string[], userId: string, readAt: Date | null): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ readAt })
    .where(and(inList(messages.id, ids), eq(messages.userId, userId)))
    .returning({ id: messages.id });
  return updated.length;
}

export async function messageIdHeaderExists(db: Database, mailboxId: string, messageIdHeader: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.mailboxId, mailboxId), eq(messages.messageIdHeader, messageIdHeader)))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores a message and its attachment rows in one batch (one round trip). The same Message-ID
 * in one mailbox is stored once: a second copy inserts nothing (false), and its attachment rows
 * insert nothing either, because they reference a message row that does not exist. Nothing is
 * stored (false) when the mailbox no longer takes mail (deleted, disabled, paused or expired, or its
 * owner disabled), so a recipient looked up a moment earlier cannot outlive its own removal.
 */
export async function insertMessage(db: Database, message: NewMessage, files: NewAttachment[]): Promise<boolean> {
  const m = message;
  const insert = sql`
    INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, from_address, from_name, to_address, subject, size, raw_key,
                          notice, recognition_kind, recognition_value, recognition_source, received_at, expires_at, search_terms, preview,
                          body_location, body, object_bytes, object_count, plus_tag, delivered_to, authentication, suspicious, forwards)
    SELECT ${m.id}, mailboxes.id, mailboxes.user_id, ${m.messageIdHeader}, ${m.envelopeFrom}, ${m.fromAddress}, ${m.fromName}, ${m.toAddress}, ${m.subject},
           ${m.size}, ${m.rawKey}, ${m.notice}, ${m.recognitionKind}, ${m.recognitionValue}, ${m.recognitionSource}, ${m.receivedAt.getTime()},
           ${m.expiresAt.getTime()}, ${JSON.stringify(messageTermsOf(m))}, ${m.preview}, ${m.bodyLocation}, ${m.body}, ${m.objectBytes}, ${m.objectCount},
           ${m.plusTag ?? null}, ${m.deliveredTo ?? null}, ${m.authentication ?? null}, ${m.suspicious === true ? 1 : 0}, ${m.forwards ? JSON.stringify(m.forwards) : null}
    FROM mailboxes JOIN users ON users.id = mailboxes.user_id
    WHERE mailboxes.id = ${m.mailboxId} AND mailboxes.user_id = ${m.userId} AND mailboxes.disabled = 0 AND mailboxes.paused = 0 AND users.disabled = 0
      AND (mailboxes.expires_at IS NULL OR mailboxes.expires_at > ${m.receivedAt.getTime()})
    ON CONFLICT (mailbox_id, message_id_header) DO NOTHING
    RETURNING id`;
  // Attachment rows only when this batch's message row went in (a duplicate leaves it out).
  const fileStatements = files.map(
    (file) => sql`
      INSERT INTO attachments (id, message_id, filename, content_type, size, content_id, disposition, storage_key, skipped_reason, created_at)
      SELECT ${file.id}, ${file.messageId}, ${file.filename}, ${file.contentType}, ${file.size}, ${file.contentId}, ${file.disposition},
             ${file.storageKey}, ${file.skippedReason}, ${file.createdAt.getTime()}
      WHERE EXISTS (SELECT 1 FROM messages WHERE id = ${file.messageId})`,
  );
  const [inserted] = await runBatch(db, [insert, ...fileStatements]);
  return inserted?.results.length === 1;
}

/** Which messages a deletion covers. */
export type MessageScope =
  | { messageId: string; userId: string }
  | { messageIds: readonly string[]; userId: string }
  | { mailboxId: string }
  | { ownerId: string }
  | { expiredBefore: Date };

function scopeWhere(scope: MessageScope): SQL | undefined {
  if ("messageId" in scope) return and(eq(messages.id, scope.messageId), eq(messages.userId, scope.userId));
  if ("messageIds" in scope) return and(inList(messages.id, scope.messageIds), eq(messages.userId, scope.userId));
  if ("mailboxId" in scope) return eq(messages.mailboxId, scope.mailboxId);
  if ("ownerId" in scope) return eq(messages.userId, scope.ownerId);
  return lt(messages.expiresAt, scope.expiredBefore);
}

export interface MessageObjects {
  ids: string[];
  /** Object-store keys of the raw messages, bodies and attachment files of those messages. */
  objectKeys: string[];
}

/** Up to `limit` messages in the scope, with the stored objects that go with them. */
export async function findMessagesToDelete(db: Database, scope: MessageScope, limit: number): Promise<MessageObjects> {
  const batch = await db
    .select({ id: messages.id, rawKey: messages.rawKey, bodyLocation: messages.bodyLocation })
    .from(messages)
    .where(scopeWhere(scope))
    .limit(limit);
  if (batch.length === 0) return { ids: [], objectKeys: [] };
  const ids = batch.map((m) => m.id);
  const files = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(and(inList(attachments.messageId, ids), isNotNull(attachments.storageKey)));
  const objectKeys = [
    // A message's one object is its raw key; a moved body has an object of its own.
    ...batch.flatMap((m) => [m.rawKey, m.bodyLocation === "body" ? bodyObjectKey(m.id) : null]),
    ...files.map((f) => f.key),
  ].filter((k): k is string => k !== null);
  return { ids, objectKeys };
}

export async function deleteMessageRows(db: Database, ids: string[]): Promise<void> {
  await db.batch([db.delete(attachments).where(inList(attachments.messageId, ids)), db.delete(messages).where(inList(messages.id, ids))]);
}

export async function countMessagesSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), gte(messages.receivedAt, since)));
  return row?.value ?? 0;
}

/** The most recent messages' headline fields (for the bot's `/messages`), without bodies. */
export async function recentMessages(db: Database, userId: string, limit: number) {
  return db
    .select({
      fromName: messages.fromName,
      fromAddress: messages.fromAddress,
      envelopeFrom: messages.envelopeFrom,
      subject: messages.subject,
      recognitionKind: messages.recognitionKind,
      recognitionValue: messages.recognitionValue,
    })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.receivedAt), desc(messages.id))
    .limit(limit);
}

/**
 * The newest message of the user's mailbox received after `since` whose recognition found a code
 * or a link: one range scan of `messages_user_mailbox_received_idx` (rows after `since` only),
 * polled while an API call waits for a code.
 */
export async function findNewestRecognizedMessage(
  db: Database,
  userId: string,
  mailboxId: string,
  since: Date,
  kinds: readonly ("code" | "link")[] = ["code", "link"],
): Promise<MessageListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.mailboxId, mailboxId),
        gt(messages.receivedAt, since),
        inArray(messages.recognitionKind, [...kinds]),
      ),
    )
    .orderBy(desc(messages.receivedAt), desc(messages.id))
    .limit(1);
  return row ?? null;
}
