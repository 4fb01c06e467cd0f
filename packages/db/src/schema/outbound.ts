import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { mailboxes } from "./mailboxes.ts";
import { users } from "./users.ts";

/** `queued` → `sent` | `failed` at sending; then provider events (CONTRACT §15). `bounced` and `complained` are final. */
export const outboundStatuses = ["queued", "sent", "failed", "delivered", "delayed", "bounced", "complained"] as const;
export const outboundProviders = ["platform", "resend"] as const;

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
    /** Which provider took the mail; null for records from before migration 0025 (Resend). */
    provider: text("provider", { enum: outboundProviders }),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    /** Why a provider event moved the record (a bounce's text). */
    statusReason: text("status_reason"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("outbound_messages_user_created_idx").on(t.userId, t.createdAt, t.id),
    uniqueIndex("outbound_messages_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("outbound_messages_created_idx").on(t.createdAt),
    index("outbound_messages_provider_message_idx").on(t.providerMessageId),
  ],
);

/** The provider per mail domain (migration 0025); no row: automatic. Secrets are sealed. */
export const domainSenders = sqliteTable("domain_senders", {
  domain: text("domain").primaryKey(),
  provider: text("provider", { enum: outboundProviders }).notNull(),
  /** That domain's own Resend API key, sealed; null: OUTBOUND_API_KEY. */
  apiKey: text("api_key"),
  /** The signing secret of that Resend account's event webhook, sealed; null: OUTBOUND_EVENTS_SECRET. */
  eventsSecret: text("events_secret"),
  updatedAt: timestamp("updated_at").notNull(),
});
