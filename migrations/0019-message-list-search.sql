-- Lists and search at 100,000 messages. Listing one mailbox reads owner, mailbox and order from
-- one index, so the owner check and the mailbox filter no longer compete for two single-scope
-- indexes (deletion by mailbox keeps the unique (mailbox_id, message_id_header) index).
CREATE INDEX messages_user_mailbox_received_idx ON messages (user_id, mailbox_id, received_at, id);
DROP INDEX messages_mailbox_received_idx;
-- The owner's newest-first index also carries what search reads (sender address, sender name,
-- subject): a search walks index entries newest first and stops at a full page, instead of
-- loading every message row with its bodies to test it. Measured against a trigram FTS5 index,
-- this was faster for every search of the bench, costs no trigger at intake or retention, and
-- keeps `wrangler d1 export` working (it refuses databases with FTS5 tables).
CREATE INDEX messages_user_received_search_idx ON messages (user_id, received_at, id, from_address, from_name, subject);
DROP INDEX messages_user_received_idx;
