import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

/** Every error code the service answers with (CONTRACT §3), its HTTP status and tRPC code. */
export const errorCodes = {
  validation_failed: { status: 400, trpc: "BAD_REQUEST" },
  invite_code_invalid: { status: 400, trpc: "BAD_REQUEST" },
  oauth_state_invalid: { status: 400, trpc: "BAD_REQUEST" },
  oauth_ticket_invalid: { status: 400, trpc: "BAD_REQUEST" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED" },
  forbidden: { status: 403, trpc: "FORBIDDEN" },
  feature_disabled: { status: 403, trpc: "FORBIDDEN" },
  not_found: { status: 404, trpc: "NOT_FOUND" },
  oauth_provider_unknown: { status: 404, trpc: "NOT_FOUND" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  request_timeout: { status: 408, trpc: "TIMEOUT" },
  conflict: { status: 409, trpc: "CONFLICT" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  unsupported_media_type: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  quota_exceeded: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  client_closed_request: { status: 499, trpc: "CLIENT_CLOSED_REQUEST" },
  internal: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  messenger_api_failed: { status: 502, trpc: "BAD_GATEWAY" },
  oauth_provider_not_configured: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  bot_not_configured: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  webhook_secret_missing: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  /** WEBHOOK_SECRET_KEY, which seals user webhooks' signing secrets, is not set (not the messenger's MESSENGER_WEBHOOK_SECRET). */
  webhook_signing_key_missing: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof errorCodes;

/**
 * The app code for a bare tRPC error (one tRPC raised itself, not an AppError). Every tRPC code
 * has an entry, so a code added by a tRPC upgrade fails the type check instead of answering 500.
 * Client mistakes stay 4xx; only server-side codes become `internal`.
 */
export const codeForTrpc: Record<TRPC_ERROR_CODE_KEY, ErrorCode> = {
  PARSE_ERROR: "validation_failed",
  BAD_REQUEST: "validation_failed",
  UNPROCESSABLE_CONTENT: "validation_failed",
  PRECONDITION_FAILED: "validation_failed",
  PRECONDITION_REQUIRED: "validation_failed",
  UNAUTHORIZED: "unauthorized",
  PAYMENT_REQUIRED: "forbidden",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "method_not_allowed",
  TIMEOUT: "request_timeout",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
  TOO_MANY_REQUESTS: "rate_limited",
  CLIENT_CLOSED_REQUEST: "client_closed_request",
  INTERNAL_SERVER_ERROR: "internal",
  NOT_IMPLEMENTED: "internal",
  BAD_GATEWAY: "internal",
  SERVICE_UNAVAILABLE: "internal",
  GATEWAY_TIMEOUT: "internal",
};
