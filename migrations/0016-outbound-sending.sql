-- What a send carried beyond the first fields (cc, bcc, the reply address, the Message-ID it
-- answers, attachment names and sizes; never their content), and the caller's idempotency key:
-- one record per key and user, so a retried send finds the first record instead of sending again.
ALTER TABLE outbound_messages ADD COLUMN cc_addresses TEXT NOT NULL DEFAULT '[]';
ALTER TABLE outbound_messages ADD COLUMN bcc_addresses TEXT NOT NULL DEFAULT '[]';
ALTER TABLE outbound_messages ADD COLUMN reply_to TEXT;
ALTER TABLE outbound_messages ADD COLUMN in_reply_to TEXT;
ALTER TABLE outbound_messages ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE outbound_messages ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX outbound_messages_user_idempotency_unique ON outbound_messages (user_id, idempotency_key);
-- Retention deletes records by age across all users.
CREATE INDEX outbound_messages_created_idx ON outbound_messages (created_at);
