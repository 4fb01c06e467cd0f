import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns.ts";
import { users } from "./users.ts";

export const systemSettings = sqliteTable("system_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const userFeatures = sqliteTable("user_features", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  aiFallback: flag("ai_fallback").notNull().default(true),
  messenger: flag("messenger").notNull().default(true),
  outbound: flag("outbound").notNull().default(true),
  mailboxCreation: flag("mailbox_creation").notNull().default(true),
  outboundDailyQuota: integer("outbound_daily_quota"),
  updatedAt: timestamp("updated_at").notNull(),
  apiDailyQuota: integer("api_daily_quota"),
});
