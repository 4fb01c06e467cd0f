-- Chat bindings (one chat per user, one user per chat) and one-time binding codes (hashed,
-- one live code per user).
CREATE TABLE messenger_bindings (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat_id TEXT NOT NULL,
  chat_type TEXT NOT NULL,
  chat_title TEXT,
  paused INTEGER NOT NULL DEFAULT 0,
  bound_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX messenger_bindings_chat_id_unique ON messenger_bindings (chat_id);

CREATE TABLE messenger_binding_codes (
  code_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX messenger_binding_codes_user_id_unique ON messenger_binding_codes (user_id);
CREATE INDEX messenger_binding_codes_expires_at_idx ON messenger_binding_codes (expires_at);
