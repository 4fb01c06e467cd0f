import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns.ts";
import { users } from "./users.ts";

export const messengerBindings = sqliteTable(
  "messenger_bindings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: text("chat_id").notNull(),
    chatType: text("chat_type").notNull(),
    chatTitle: text("chat_title"),
    paused: flag("paused").notNull().default(false),
    boundAt: timestamp("bound_at").notNull(),
  },
  (t) => [uniqueIndex("messenger_bindings_chat_id_unique").on(t.chatId)],
);

export const messengerBindingCodes = sqliteTable(
  "messenger_binding_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("messenger_binding_codes_user_id_unique").on(t.userId),
    index("messenger_binding_codes_expires_at_idx").on(t.expiresAt),
  ],
);
