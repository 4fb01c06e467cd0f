import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { users } from "./users.ts";

export const oauthProviders = ["codehost", "forum"] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

export const oauthIdentities = sqliteTable(
  "oauth_identities",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: oauthProviders }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email"),
    login: text("login"),
    name: text("name"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("oauth_identities_provider_user_unique").on(t.provider, t.providerUserId),
    index("oauth_identities_user_id_idx").on(t.userId),
  ],
);

export const oauthStates = sqliteTable(
  "oauth_states",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: oauthProviders }).notNull(),
    nextPath: text("next_path").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** SHA-256 (hex) of the `oauth_binding` cookie set by the start that created the state. */
    bindingHash: text("binding_hash").notNull().default(""),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("oauth_states_expires_at_idx").on(t.expiresAt)],
);

export const oauthPendingLogins = sqliteTable(
  "oauth_pending_logins",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: oauthProviders }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email").notNull(),
    name: text("name"),
    login: text("login"),
    nextPath: text("next_path").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("oauth_pending_logins_expires_at_idx").on(t.expiresAt)],
);
