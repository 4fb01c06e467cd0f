import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, roles, timestamp } from "./columns.ts";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    role: text("role", { enum: roles }).notNull().default("user"),
    disabled: flag("disabled").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    /** A small number for the search-word index, given with the owner's first message's words (migration 0023). */
    termKey: integer("term_key"),
    /** The language they use the web app in (migration 0026); the bot answers in it. */
    locale: text("locale"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_term_key_unique").on(t.termKey),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);
