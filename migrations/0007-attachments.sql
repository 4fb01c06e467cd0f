-- Attachment metadata is always kept; `storage_key` is set only when the file went to ATTACHMENTS,
-- otherwise `skipped_reason` says why the file itself is not available.
CREATE TABLE attachments (
  id TEXT PRIMARY KEY NOT NULL,
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_id TEXT,
  disposition TEXT,
  storage_key TEXT,
  skipped_reason TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX attachments_message_id_idx ON attachments (message_id);
