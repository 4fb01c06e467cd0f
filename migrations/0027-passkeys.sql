-- Passkeys (WebAuthn credentials) sign a person in next to the password and the OAuth providers.
CREATE TABLE passkeys (
  -- The credential id as the authenticator gave it (base64url).
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The COSE public key (base64url) and the signature counter, which only goes up.
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  -- How the browser can reach the authenticator (JSON array of transport hints).
  transports TEXT NOT NULL DEFAULT '[]',
  backed_up INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_user_id_idx ON passkeys (user_id);

-- One row per started ceremony, consumed once (deleted as it is read) within 5 minutes:
-- registration rows belong to the signed-in user who started them, sign-in rows to nobody yet.
CREATE TABLE passkey_challenges (
  id TEXT PRIMARY KEY NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  challenge TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expires_at_idx ON passkey_challenges (expires_at);
