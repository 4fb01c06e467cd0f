-- Daily usage counters per user and kind (outbound sends, API calls, AI fallbacks), checked
-- against quotas with a single atomic upsert.
CREATE TABLE usage_counters (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('outbound', 'api', 'ai')),
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day, kind)
);
