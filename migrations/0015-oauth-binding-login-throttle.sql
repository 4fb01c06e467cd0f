-- Security hardening (issue 11).
-- 1. Each OAuth state is bound to the browser that started it: the SHA-256 of its oauth_binding
--    cookie. States from before this migration have none and can no longer complete (they live
--    10 minutes; the user starts again).
ALTER TABLE oauth_states ADD COLUMN binding_hash TEXT NOT NULL DEFAULT '';

-- 2. Failed password logins per account (keyed by a hash of the lower-cased e-mail, whether or
--    not such an account exists), counted in a 15-minute window from the first failure.
CREATE TABLE login_throttles (
  account_key TEXT PRIMARY KEY NOT NULL,
  failures INTEGER NOT NULL,
  window_started_at INTEGER NOT NULL
);
CREATE INDEX login_throttles_window_started_at_idx ON login_throttles (window_started_at);

-- 3. Invite hints show 2 characters now; shorten the hints of existing codes to match, so fewer
--    of their characters are known to whoever reads the table.
UPDATE invite_codes SET code_hint = substr(code_hint, 1, 2);
