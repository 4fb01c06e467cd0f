import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, timestamp } from "./columns.ts";
import { users } from "./users.ts";

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    events: text("events").notNull(),
    enabled: flag("enabled").notNull().default(true),
    /** The signing secret, sealed (see the webhooks service's secret-box). */
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    disabledReason: text("disabled_reason"),
    /** The first failed attempt since the last successful one. */
    failingSince: timestamp("failing_since"),
    lastSuccessAt: timestamp("last_success_at"),
    lastFailureAt: timestamp("last_failure_at"),
  },
  (t) => [index("webhook_endpoints_user_id_idx").on(t.userId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    maxAttempts: integer("max_attempts").notNull().default(6),
    /** Who may attempt the delivery now, and until when (overlapping cron runs skip leased rows). */
    leaseUntil: timestamp("lease_until"),
    leaseToken: text("lease_token"),
    lastAttemptAt: timestamp("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    ok: flag("ok").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    responseText: text("response_text"),
    error: text("error"),
    createdAt: timestamp("created_at").notNull(),
    /** The request headers sent, as a JSON object. */
    requestHeaders: text("request_headers"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
