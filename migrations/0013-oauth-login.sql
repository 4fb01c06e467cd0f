-- OAuth quick login: provider identities bound to users, one-time login states (10 minutes,
-- deleted when consumed) and pending invite-code tickets for new users (15 minutes).
CREATE TABLE oauth_identities (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('codehost', 'forum')),
  provider_user_id TEXT NOT NULL,
  email TEXT,
  login TEXT,
  name TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX oauth_identities_provider_user_unique ON oauth_identities (provider, provider_user_id);
CREATE INDEX oauth_identities_user_id_idx ON oauth_identities (user_id);

CREATE TABLE oauth_states (
  id TEXT PRIMARY KEY NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('codehost', 'forum')),
  next_path TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

CREATE TABLE oauth_pending_logins (
  id TEXT PRIMARY KEY NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('codehost', 'forum')),
  provider_user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  login TEXT,
  next_path TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  consumed_at INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX oauth_pending_logins_expires_at_idx ON oauth_pending_logins (expires_at);
