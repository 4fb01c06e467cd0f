import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { mailboxes } from "./mailboxes.ts";
import { users } from "./users.ts";

export const catchAllModes = ["mailbox", "create"] as const;

/** Catch-all per domain (migration 0024); no row: off. */
export const domainCatchAll = sqliteTable("domain_catch_all", {
  domain: text("domain").primaryKey(),
  mode: text("mode", { enum: catchAllModes }).notNull(),
  /** `mailbox`: where unknown addresses land. */
  mailboxId: text("mailbox_id").references(() => mailboxes.id, { onDelete: "cascade" }),
  /** `create`: whose new mailboxes they become. */
  ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Blocked senders (migration 0024): per user, or for everyone when `userId` is null. */
export const blockRules = sqliteTable(
  "block_rules",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** An address, a domain or `*.domain`, lower case. */
    pattern: text("pattern").notNull(),
    blockedCount: integer("blocked_count").notNull().default(0),
    lastBlockedAt: timestamp("last_blocked_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("block_rules_pattern_scope_unique").on(t.pattern, sql`coalesce(${t.userId}, '')`), index("block_rules_user_idx").on(t.userId, t.createdAt)],
);
