-- Administrator-maintained settings, key -> JSON value. The truth; CACHE only holds a copy.
CREATE TABLE system_settings (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT REFERENCES users (id) ON DELETE SET NULL
);
