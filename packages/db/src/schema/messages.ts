import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { mailboxes } from "./mailboxes.ts";
import { users } from "./users.ts";

export const recognitionKinds = ["code", "link", "none"] as const;
export const recognitionSources = ["rules", "ai"] as const;

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    mailboxId: text("mailbox_id")
      .notNull()
      .references(() => mailboxes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageIdHeader: text("message_id_header").notNull(),
    envelopeFrom: text("envelope_from").notNull(),
    fromAddress: text("from_address"),
    fromName: text("from_name"),
    toAddress: text("to_address").notNull(),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    headers: text("headers").notNull().default("[]"),
    size: integer("size").notNull(),
    rawKey: text("raw_key"),
    notice: text("notice"),
    recognitionKind: text("recognition_kind", { enum: recognitionKinds }).notNull().default("none"),
    recognitionValue: text("recognition_value"),
    recognitionSource: text("recognition_source", { enum: recognitionSources }),
    readAt: timestamp("read_at"),
    receivedAt: timestamp("received_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    /** The words search finds the message by (a JSON array, see search-terms.ts); null until indexed. */
    searchTerms: text("search_terms"),
  },
  (t) => [
    uniqueIndex("messages_mailbox_message_id_unique").on(t.mailboxId, t.messageIdHeader),
    index("messages_user_received_terms_idx").on(t.userId, t.receivedAt, t.id, t.mailboxId, t.searchTerms),
    index("messages_user_mailbox_received_idx").on(t.userId, t.mailboxId, t.receivedAt, t.id),
    index("messages_expires_at_idx").on(t.expiresAt),
    index("messages_search_pending_idx").on(t.receivedAt).where(sql`search_terms IS NULL`),
  ],
);

/**
 * Per owner and word, the messages that hold it (migration 0021). Written only by the triggers
 * on `messages`, from its `search_terms`.
 */
export const messageTerms = sqliteTable(
  "message_terms",
  {
    userId: text("user_id").notNull(),
    term: text("term").notNull(),
    receivedAt: timestamp("received_at").notNull(),
    messageId: text("message_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.term, t.receivedAt, t.messageId] })],
);

export const attachments = sqliteTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    contentId: text("content_id"),
    disposition: text("disposition"),
    storageKey: text("storage_key"),
    skippedReason: text("skipped_reason"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("attachments_message_id_idx").on(t.messageId)],
);
