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
  conflict: { status: 409, trpc: "CONFLICT" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  quota_exceeded: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  internal: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  messenger_api_failed: { status: 502, trpc: "BAD_GATEWAY" },
  oauth_provider_not_configured: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  bot_not_configured: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
  webhook_secret_missing: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof errorCodes;

/** The app code that stands for a bare tRPC error (one not raised as an AppError). */
export const codeForTrpc: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: "validation_failed",
  PARSE_ERROR: "validation_failed",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "not_found",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  TOO_MANY_REQUESTS: "rate_limited",
};
