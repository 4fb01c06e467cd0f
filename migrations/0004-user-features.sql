-- Per-user feature switches and quota override set by administrators. A user without a row
-- has every switch on and the default quota.
CREATE TABLE user_features (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ai_fallback INTEGER NOT NULL DEFAULT 1,
  messenger INTEGER NOT NULL DEFAULT 1,
  outbound INTEGER NOT NULL DEFAULT 1,
  mailbox_creation INTEGER NOT NULL DEFAULT 1,
  outbound_daily_quota INTEGER,
  updated_at INTEGER NOT NULL
);
