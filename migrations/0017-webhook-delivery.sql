-- Webhook delivery (CONTRACT §9): endpoint health and the reason an endpoint was switched off,
-- a lease on deliveries so overlapping cron runs never send one attempt twice, the latest
-- attempt's outcome on the delivery for the log, and the headers each attempt sent.
-- `webhook_endpoints.secret` holds the sealed signing secret (AES-GCM under WEBHOOK_SECRET_KEY).
ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN failing_since INTEGER;
ALTER TABLE webhook_endpoints ADD COLUMN last_success_at INTEGER;
ALTER TABLE webhook_endpoints ADD COLUMN last_failure_at INTEGER;

ALTER TABLE webhook_deliveries ADD COLUMN max_attempts INTEGER NOT NULL DEFAULT 6;
ALTER TABLE webhook_deliveries ADD COLUMN lease_until INTEGER;
ALTER TABLE webhook_deliveries ADD COLUMN lease_token TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN last_attempt_at INTEGER;
ALTER TABLE webhook_deliveries ADD COLUMN last_status_code INTEGER;
ALTER TABLE webhook_deliveries ADD COLUMN last_error TEXT;
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);

ALTER TABLE webhook_attempts ADD COLUMN request_headers TEXT;
