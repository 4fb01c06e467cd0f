-- Unread counts kept on the mailbox (issue 16). `mailboxes.list` counted the owner's unread
-- messages on every call, reading each message row: 172 ms at 100,000 messages against 9 ms at
-- 1,000, on every inbox and dashboard load. Triggers on `messages` keep the count exact
-- whatever path inserts, reads, unreads or deletes mail (intake, bulk actions, retention, cascades).
ALTER TABLE mailboxes ADD COLUMN unread_count INTEGER NOT NULL DEFAULT 0;

UPDATE mailboxes SET unread_count = (
  SELECT count(*) FROM messages WHERE messages.user_id = mailboxes.user_id AND messages.mailbox_id = mailboxes.id AND messages.read_at IS NULL
);

CREATE TRIGGER messages_unread_insert AFTER INSERT ON messages WHEN new.read_at IS NULL BEGIN
  UPDATE mailboxes SET unread_count = unread_count + 1 WHERE id = new.mailbox_id;
END;

CREATE TRIGGER messages_unread_delete AFTER DELETE ON messages WHEN old.read_at IS NULL BEGIN
  UPDATE mailboxes SET unread_count = unread_count - 1 WHERE id = old.mailbox_id;
END;

CREATE TRIGGER messages_unread_update AFTER UPDATE OF read_at, mailbox_id ON messages
WHEN (old.read_at IS NULL) <> (new.read_at IS NULL) OR old.mailbox_id <> new.mailbox_id BEGIN
  UPDATE mailboxes SET unread_count = unread_count - (old.read_at IS NULL) WHERE id = old.mailbox_id;
  UPDATE mailboxes SET unread_count = unread_count + (new.read_at IS NULL) WHERE id = new.mailbox_id;
END;
