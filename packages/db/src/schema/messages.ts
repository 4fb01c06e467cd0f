import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bytes, flag, timestamp } from "./columns.ts";
import { mailboxes } from "./mailboxes.ts";
import { users } from "./users.ts";

export const recognitionKinds = ["code", "link", "none"] as const;
export const recognitionSources = ["rules", "ai"] as const;
/**
 * Where a message's body (text, HTML, display headers) lives: in the message's one object with
 * the raw copy (`message`), in an object of its own (`body`: rows stored before migration 0023,
 * moved by the cron), or compressed in the row (`d1`, without an object store). Null: not moved yet.
 */
export const bodyLocations = ["message", "body", "d1"] as const;

/** What became of one forward of a message. */
export interface ForwardOutcome {
  to: string;
  status: "forwarded" | "failed";
  error: string | null;
}

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
    /** Rows stored before migration 0023 only (`bodyLocation` null): the cron moves them out. */
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
    /** The start of the text as lists show it; null for rows whose body has not moved yet. */
    preview: text("preview"),
    bodyLocation: text("body_location", { enum: bodyLocations }),
    /** The compressed body when `bodyLocation` is "d1". */
    body: bytes("body"),
    /** Bytes and objects the message holds in the object store (raw copy, body, attachment files). */
    objectBytes: integer("object_bytes").notNull().default(0),
    objectCount: integer("object_count").notNull().default(0),
    /** Routing (migration 0024): the plus tag of the address the mail was sent to. */
    plusTag: text("plus_tag"),
    /** The address the mail was sent to, when it is not the mailbox's own (a tag, a catch-all). */
    deliveredTo: text("delivered_to"),
    /** "spf dkim dmarc" results; null for mail stored before they were read. */
    authentication: text("authentication"),
    /** Flagged by the DMARC-failure policy. */
    suspicious: flag("suspicious").notNull().default(false),
    /** Each forward's outcome; null when the mailbox did not forward it. */
    forwards: text("forwards", { mode: "json" }).$type<ForwardOutcome[]>(),
  },
  (t) => [
    uniqueIndex("messages_mailbox_message_id_unique").on(t.mailboxId, t.messageIdHeader),
    index("messages_user_received_terms_idx").on(t.userId, t.receivedAt, t.id, t.mailboxId, t.searchTerms),
    index("messages_user_mailbox_received_idx").on(t.userId, t.mailboxId, t.receivedAt, t.id),
    index("messages_expires_at_idx").on(t.expiresAt),
    index("messages_search_pending_idx").on(t.receivedAt).where(sql`search_terms IS NULL`),
    index("messages_body_pending_idx").on(t.receivedAt).where(sql`body_location IS NULL`),
  ],
);

/**
 * Per owner (`users.term_key`) and word, the instants of the messages that hold it (migrations
 * 0021, 0023). Written only by the triggers on `messages`, from its `search_terms`.
 */
export const messageTerms = sqliteTable(
  "message_terms",
  {
    userKey: integer("user_key").notNull(),
    term: text("term").notNull(),
    receivedAt: timestamp("received_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userKey, t.term, t.receivedAt] })],
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
