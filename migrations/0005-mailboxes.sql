-- Mailbox accounts: addresses on a configured domain, stored lower-cased and unique.
CREATE TABLE mailboxes (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local_part TEXT NOT NULL,
  domain TEXT NOT NULL,
  address TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX mailboxes_address_unique ON mailboxes (address);
CREATE INDEX mailboxes_user_id_idx ON mailboxes (user_id, created_at);
