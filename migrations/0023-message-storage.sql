-- Storage that lasts (issue 22). Message bodies leave D1: text, HTML and display headers go to
-- the object store, compressed, in one object per message with the raw copy (`msg/<id>`,
-- body_location 'message'), or, without an object store, into `body` here, compressed ('d1').
-- D1 keeps what lists, search, counters and one-time operations need, plus the list preview.
-- Rows stored before this migration keep their bodies in `text_body`, `html_body` and `headers`
-- (`body_location` NULL) until the every-minute cron moves them to an object of their own
-- (`body/<id>`, 'body'; their raw copy stays `raw/<id>.eml`), in bounded batches found through
-- `messages_body_pending_idx`.
ALTER TABLE messages ADD COLUMN preview TEXT;
ALTER TABLE messages ADD COLUMN body_location TEXT CHECK (body_location IN ('message', 'body', 'd1'));
ALTER TABLE messages ADD COLUMN body BLOB;
-- What the message holds in the object store (raw copy, body, attachment files), so the totals
-- below stay exact on every insert and delete without listing the bucket.
ALTER TABLE messages ADD COLUMN object_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN object_count INTEGER NOT NULL DEFAULT 0;
CREATE INDEX messages_body_pending_idx ON messages (received_at) WHERE body_location IS NULL;

-- Search words cost less. Each word entry was (owner id, word, time, message id): two 36-character
-- ids in ~68 bytes. Now an entry is (owner's number, word, time): the owner is a small integer and
-- the message is found again through the owner's (user_id, received_at) index, where the word is
-- checked anyway. Two messages of one owner in the same millisecond share an entry, so a deletion
-- keeps the entry while another message of that instant still holds the word. An owner gets a
-- number with their first message's words (users' own inserts stay single-row writes).
ALTER TABLE users ADD COLUMN term_key INTEGER;
UPDATE users SET term_key = rowid;
CREATE UNIQUE INDEX users_term_key_unique ON users (term_key);

DROP TRIGGER messages_search_terms_insert;
DROP TRIGGER messages_search_terms_delete;
DROP TRIGGER messages_search_terms_update;
DROP TABLE message_terms;

CREATE TABLE message_terms (
  user_key INTEGER NOT NULL,
  term TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (user_key, term, received_at)
) WITHOUT ROWID;

CREATE TRIGGER messages_search_terms_insert AFTER INSERT ON messages WHEN new.search_terms IS NOT NULL BEGIN
  UPDATE users SET term_key = (SELECT coalesce(max(term_key), 0) + 1 FROM users) WHERE id = new.user_id AND term_key IS NULL;
  INSERT OR IGNORE INTO message_terms (user_key, term, received_at)
  SELECT u.term_key, j.value, new.received_at FROM users u, json_each(new.search_terms) j WHERE u.id = new.user_id;
END;

CREATE TRIGGER messages_search_terms_delete AFTER DELETE ON messages WHEN old.search_terms IS NOT NULL BEGIN
  DELETE FROM message_terms
  WHERE user_key = (SELECT term_key FROM users WHERE id = old.user_id) AND received_at = old.received_at
    AND term IN (SELECT value FROM json_each(old.search_terms))
    AND NOT EXISTS (
      SELECT 1 FROM messages o WHERE o.user_id = old.user_id AND o.received_at = old.received_at AND instr(o.search_terms, json_quote(message_terms.term)) > 0);
END;

CREATE TRIGGER messages_search_terms_update AFTER UPDATE OF search_terms, user_id, received_at ON messages BEGIN
  DELETE FROM message_terms
  WHERE old.search_terms IS NOT NULL AND user_key = (SELECT term_key FROM users WHERE id = old.user_id) AND received_at = old.received_at
    AND term IN (SELECT value FROM json_each(old.search_terms))
    AND NOT EXISTS (
      SELECT 1 FROM messages o WHERE o.user_id = old.user_id AND o.received_at = old.received_at AND o.id <> old.id
        AND instr(o.search_terms, json_quote(message_terms.term)) > 0);
  UPDATE users SET term_key = (SELECT coalesce(max(term_key), 0) + 1 FROM users) WHERE id = new.user_id AND term_key IS NULL;
  INSERT OR IGNORE INTO message_terms (user_key, term, received_at)
  SELECT u.term_key, j.value, new.received_at FROM users u, json_each(new.search_terms) j WHERE u.id = new.user_id AND new.search_terms IS NOT NULL;
END;

INSERT OR IGNORE INTO message_terms (user_key, term, received_at)
SELECT u.term_key, j.value, m.received_at FROM messages m JOIN users u ON u.id = m.user_id, json_each(m.search_terms) j
WHERE m.search_terms IS NOT NULL;

-- Capacity in sight: per UTC day (days since 1970), the messages that arrived, the messages and
-- object-store bytes and objects still stored from that day (kept by the triggers below, whatever
-- path inserts or deletes mail), and the latest D1 size the cron saw that day.
CREATE TABLE storage_days (
  day INTEGER PRIMARY KEY NOT NULL,
  received INTEGER NOT NULL DEFAULT 0,
  messages INTEGER NOT NULL DEFAULT 0,
  object_bytes INTEGER NOT NULL DEFAULT 0,
  object_count INTEGER NOT NULL DEFAULT 0,
  d1_bytes INTEGER
);

INSERT INTO storage_days (day, received, messages)
SELECT received_at / 86400000, count(*), count(*) FROM messages GROUP BY received_at / 86400000;

CREATE TRIGGER messages_storage_insert AFTER INSERT ON messages BEGIN
  INSERT INTO storage_days (day, received, messages, object_bytes, object_count)
  VALUES (new.received_at / 86400000, 1, 1, new.object_bytes, new.object_count)
  ON CONFLICT (day) DO UPDATE SET received = received + 1, messages = messages + 1,
    object_bytes = object_bytes + excluded.object_bytes, object_count = object_count + excluded.object_count;
END;

CREATE TRIGGER messages_storage_delete AFTER DELETE ON messages BEGIN
  UPDATE storage_days SET messages = messages - 1, object_bytes = object_bytes - old.object_bytes, object_count = object_count - old.object_count
  WHERE day = old.received_at / 86400000;
END;

CREATE TRIGGER messages_storage_update AFTER UPDATE OF object_bytes, object_count ON messages BEGIN
  UPDATE storage_days SET object_bytes = object_bytes + new.object_bytes - old.object_bytes, object_count = object_count + new.object_count - old.object_count
  WHERE day = old.received_at / 86400000;
END;

-- Deliveries deferred because D1 refused the message's write, per hour (hours since 1970). The
-- cron creates the coming hours' rows ahead, so counting one is an update in place, which a full
-- database still takes.
CREATE TABLE storage_deferrals (
  hour INTEGER PRIMARY KEY NOT NULL,
  count INTEGER NOT NULL DEFAULT 0
);

-- The capacity alert in force: 0 (none), 80 or 95 (% of the cap), so each crossing alerts once.
CREATE TABLE storage_alerts (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  level INTEGER NOT NULL DEFAULT 0
);
INSERT INTO storage_alerts (id, level) VALUES (1, 0);
