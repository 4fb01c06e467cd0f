-- Outbound providers and delivery status (issue 25, CONTRACT §15).

-- The status CHECK of 0008 allows only queued/sent/failed, and SQLite cannot change a CHECK in
-- place: the table is rebuilt with the provider events' statuses, two new columns and the same
-- rows and indexes. No table references outbound_messages.
-- `provider`: which provider took the mail (`platform`: the send_email binding; `resend`), null
-- for records written before this migration (all went through Resend). `status_reason`: why a
-- provider event moved the record (a bounce's or failure's text).
CREATE TABLE outbound_messages_0025 (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mailbox_id TEXT REFERENCES mailboxes (id) ON DELETE SET NULL,
  from_address TEXT NOT NULL,
  to_addresses TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'delivered', 'delayed', 'bounced', 'complained')),
  provider_message_id TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  cc_addresses TEXT NOT NULL DEFAULT '[]',
  bcc_addresses TEXT NOT NULL DEFAULT '[]',
  reply_to TEXT,
  in_reply_to TEXT,
  attachments TEXT NOT NULL DEFAULT '[]',
  idempotency_key TEXT,
  provider TEXT CHECK (provider IN ('platform', 'resend')),
  status_reason TEXT
);
INSERT INTO outbound_messages_0025 (id, user_id, mailbox_id, from_address, to_addresses, subject, text_body, html_body, status, provider_message_id, error, created_at, updated_at, cc_addresses, bcc_addresses, reply_to, in_reply_to, attachments, idempotency_key)
  SELECT id, user_id, mailbox_id, from_address, to_addresses, subject, text_body, html_body, status, provider_message_id, error, created_at, updated_at, cc_addresses, bcc_addresses, reply_to, in_reply_to, attachments, idempotency_key
  FROM outbound_messages;
DROP TABLE outbound_messages;
ALTER TABLE outbound_messages_0025 RENAME TO outbound_messages;
CREATE INDEX outbound_messages_user_created_idx ON outbound_messages (user_id, created_at, id);
CREATE UNIQUE INDEX outbound_messages_user_idempotency_unique ON outbound_messages (user_id, idempotency_key);
CREATE INDEX outbound_messages_created_idx ON outbound_messages (created_at);
-- Resend's events name a mail by its id only.
CREATE INDEX outbound_messages_provider_message_idx ON outbound_messages (provider_message_id);

-- The provider per mail domain; no row means automatic (Resend when OUTBOUND_API_KEY is set, else
-- the platform when SEND_EMAIL is bound). `api_key` and `events_secret` are that domain's own
-- Resend account's key and event signing secret, sealed like webhook secrets.
CREATE TABLE domain_senders (
  domain TEXT PRIMARY KEY NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('platform', 'resend')),
  api_key TEXT,
  events_secret TEXT,
  updated_at INTEGER NOT NULL,
  CHECK (provider = 'resend' OR (api_key IS NULL AND events_secret IS NULL))
);
