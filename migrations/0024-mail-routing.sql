-- Mail routing (issue 23, CONTRACT §13): plus-addressing, catch-all per domain, forwarding with or
-- without a copy, blocklists, the authentication verdict and pausing a mailbox.

-- Per mailbox: up to five forwarding destinations (a JSON array), whether a forwarded message is
-- also kept, and a pause that rejects new mail like an unknown address.
ALTER TABLE mailboxes ADD COLUMN forward_to TEXT NOT NULL DEFAULT '[]';
ALTER TABLE mailboxes ADD COLUMN keep_copy INTEGER NOT NULL DEFAULT 1;
ALTER TABLE mailboxes ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;

-- Per message, kept only when they say something (null otherwise, so an ordinary row grows by a
-- few bytes): the plus tag, the address the mail was sent to when it is not the mailbox's own, the
-- SPF/DKIM/DMARC verdict ("spf dkim dmarc", null for mail stored before this migration), the
-- DMARC policy's flag, and each forward's outcome (a JSON array).
ALTER TABLE messages ADD COLUMN plus_tag TEXT;
ALTER TABLE messages ADD COLUMN delivered_to TEXT;
ALTER TABLE messages ADD COLUMN authentication TEXT;
ALTER TABLE messages ADD COLUMN suspicious INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN forwards TEXT;

-- Catch-all per domain; no row means off. `mailbox`: unknown addresses land in one mailbox
-- (deleting it turns the catch-all off); `create`: a mailbox is created for the owner.
CREATE TABLE domain_catch_all (
  domain TEXT PRIMARY KEY NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('mailbox', 'create')),
  mailbox_id TEXT REFERENCES mailboxes(id) ON DELETE CASCADE,
  owner_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  updated_at INTEGER NOT NULL,
  CHECK ((mode = 'mailbox') = (mailbox_id IS NOT NULL) AND (mode = 'create') = (owner_id IS NOT NULL))
);

-- Blocked senders: an address, a domain or `*.domain`, lower case. `user_id` null: for everyone
-- (administrators). Intake looks rules up by pattern, so the pattern leads the unique index.
CREATE TABLE block_rules (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  pattern TEXT NOT NULL,
  blocked_count INTEGER NOT NULL DEFAULT 0,
  last_blocked_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX block_rules_pattern_scope_unique ON block_rules (pattern, coalesce(user_id, ''));
CREATE INDEX block_rules_user_idx ON block_rules (user_id, created_at);
