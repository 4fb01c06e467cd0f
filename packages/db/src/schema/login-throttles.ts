import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";

/** Password-login attempts per account within a window (per-account throttling on top of the per-IP limit). */
export const loginThrottles = sqliteTable(
  "login_throttles",
  {
    /** A hash of the lower-cased e-mail, so unknown addresses are counted the same way. */
    accountKey: text("account_key").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at").notNull(),
  },
  (t) => [index("login_throttles_window_started_at_idx").on(t.windowStartedAt)],
);
