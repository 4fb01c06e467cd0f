import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { mailboxes } from "./mailboxes.ts";
import { users } from "./users.ts";

export const outboundStatuses = ["queued", "sent", "failed"] as const;

export const outboundMessages = sqliteTable(
  "outbound_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mailboxId: text("mailbox_id").references(() => mailboxes.id, { onDelete: "set null" }),
    fromAddress: text("from_address").notNull(),
    /** JSON arrays of addresses. */
    toAddresses: text("to_addresses").notNull(),
    ccAddresses: text("cc_addresses").notNull().default("[]"),
    bccAddresses: text("bcc_addresses").notNull().default("[]"),
    replyTo: text("reply_to"),
    /** The Message-ID this mail answers (sent as In-Reply-To). */
    inReplyTo: text("in_reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** JSON array of `{filename, contentType, size}`; the files themselves are not kept. */
    attachments: text("attachments").notNull().default("[]"),
    idempotencyKey: text("idempotency_key"),
    status: text("status", { enum: outboundStatuses }).notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("outbound_messages_user_created_idx").on(t.userId, t.createdAt, t.id),
    uniqueIndex("outbound_messages_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("outbound_messages_created_idx").on(t.createdAt),
  ],
);
