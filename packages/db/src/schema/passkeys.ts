import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns.ts";
import { users } from "./users.ts";

/** WebAuthn credentials that sign their user in (migration 0027). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of transport hints. */
    transports: text("transports").notNull().default("[]"),
    backedUp: flag("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: timestamp("created_at").notNull(),
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

export const passkeyPurposes = ["register", "login"] as const;
export type PasskeyPurpose = (typeof passkeyPurposes)[number];

/** Started ceremonies' challenges, each consumed once. */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: passkeyPurposes }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("passkey_challenges_expires_at_idx").on(t.expiresAt)],
);
