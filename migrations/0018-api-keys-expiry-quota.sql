-- API keys may expire; administrators may override a user's daily API-call quota, next to the
-- outbound one (null: the business default applies).
ALTER TABLE api_keys ADD COLUMN expires_at INTEGER;
ALTER TABLE user_features ADD COLUMN api_daily_quota INTEGER;
