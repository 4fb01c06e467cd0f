-- Received mail. `user_id` is copied from the mailbox so every read is scoped by owner in one
-- index. The same Message-ID is stored once per mailbox.
CREATE TABLE messages (
  id TEXT PRIMARY KEY NOT NULL,
  mailbox_id TEXT NOT NULL REFERENCES mailboxes (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id_header TEXT NOT NULL,
  envelope_from TEXT NOT NULL,
  from_address TEXT,
  from_name TEXT,
  to_address TEXT NOT NULL,
  subject TEXT,
  text_body TEXT,
  html_body TEXT,
  headers TEXT NOT NULL DEFAULT '[]',
  size INTEGER NOT NULL,
  raw_key TEXT,
  notice TEXT,
  recognition_kind TEXT NOT NULL DEFAULT 'none' CHECK (recognition_kind IN ('code', 'link', 'none')),
  recognition_value TEXT,
  recognition_source TEXT CHECK (recognition_source IN ('rules', 'ai')),
  read_at INTEGER,
  received_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX messages_mailbox_message_id_unique ON messages (mailbox_id, message_id_header);
CREATE INDEX messages_user_received_idx ON messages (user_id, received_at, id);
CREATE INDEX messages_mailbox_received_idx ON messages (mailbox_id, received_at, id);
CREATE INDEX messages_expires_at_idx ON messages (expires_at);
