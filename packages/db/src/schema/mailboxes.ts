import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns.ts";
import { users } from "./users.ts";

export const mailboxes = sqliteTable(
  "mailboxes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localPart: text("local_part").notNull(),
    domain: text("domain").notNull(),
    address: text("address").notNull(),
    disabled: flag("disabled").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
    /** Null: kept until deleted. */
    expiresAt: timestamp("expires_at"),
    /** Messages not yet read, kept by triggers on `messages` (migration 0022). */
    unreadCount: integer("unread_count").notNull().default(0),
    /** Where new mail is forwarded too (0–5 addresses; migration 0024). */
    forwardTo: text("forward_to", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** With forwarding: whether the message is also kept here. */
    keepCopy: flag("keep_copy").notNull().default(true),
    /** A paused mailbox rejects new mail like an unknown address and keeps what it has. */
    paused: flag("paused").notNull().default(false),
  },
  (t) => [
    uniqueIndex("mailboxes_address_unique").on(t.address),
    index("mailboxes_user_id_idx").on(t.userId, t.createdAt),
    index("mailboxes_expires_at_idx").on(t.expiresAt),
  ],
);
