-- Mailbox expiry (CONTRACT §8): NULL keeps the mailbox until it is deleted. Intake and lists
-- treat a past expiry as gone; the retention cron finds expired mailboxes through the index.
ALTER TABLE mailboxes ADD COLUMN expires_at INTEGER;
CREATE INDEX mailboxes_expires_at_idx ON mailboxes (expires_at);
