-- Invite codes gate registration. Only a hash of each code is stored; `code_hint` is the first
-- characters so administrators can tell codes apart. Every redemption is recorded.
CREATE TABLE invite_codes (
  id TEXT PRIMARY KEY NOT NULL,
  code_hash TEXT NOT NULL,
  code_hint TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
  max_uses INTEGER NOT NULL DEFAULT 1 CHECK (max_uses >= 1),
  used_count INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX invite_codes_code_hash_unique ON invite_codes (code_hash);

CREATE TABLE invite_redemptions (
  id TEXT PRIMARY KEY NOT NULL,
  invite_id TEXT NOT NULL REFERENCES invite_codes (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redeemed_at INTEGER NOT NULL
);
CREATE INDEX invite_redemptions_invite_id_idx ON invite_redemptions (invite_id);
