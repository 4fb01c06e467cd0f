import { AppError, createLogger, trpcErrorBody } from "@mailroom/api";
import { ConfigError } from "@mailroom/config";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env.ts";

function fromHttpException(error: HTTPException): AppError {
  switch (error.status) {
    case 413:
      return new AppError("payload_too_large", "The request body is too large");
    case 401:
      return new AppError("unauthorized", error.message || "Sign in first");
    case 404:
      return new AppError("not_found", "Not found");
    case 405:
      return new AppError("method_not_allowed", error.message || "This method is not allowed here");
    case 415:
      return new AppError("unsupported_media_type", error.message || "This content type is not accepted here");
    default:
      return error.status < 500
        ? new AppError("validation_failed", error.message || "The request is malformed")
        : AppError.from(error);
  }
}

/**
 * What a refusal or failure says to the client, whatever threw it; failures of ours are logged
 * with the request id (their details never reach the client).
 */
export function appErrorOf(thrown: unknown, requestId: string): AppError {
  const log = createLogger(requestId);
  if (thrown instanceof ConfigError) {
    // Operators see which settings are wrong; values (possibly secrets) are never echoed.
    log.error("server configuration is invalid", thrown);
    return new AppError("internal", `Server configuration is invalid: ${thrown.issues.map((i) => i.setting).join(", ")}`);
  }
  if (thrown instanceof HTTPException) return fromHttpException(thrown);
  const error = AppError.from(thrown);
  if (error.appCode === "internal") log.error("internal error", thrown);
  return error;
}

const trpcPath = /^\/api\/trpc(\/|$)/;

/**
 * The error model on the wire: REST answers `{"ok": false, "error": {code, message, requestId,
 * issues?}}`; anything under /api/trpc (also what middleware refuses before tRPC runs: a foreign
 * Origin, an oversized body, a malformed request) answers in tRPC's shape, so tRPC clients read
 * `data.appCode` and the message whoever refused.
 */
export function errorResponse(c: Context<AppEnv>, thrown: unknown): Response {
  const requestId = c.get("requestId");
  const error = appErrorOf(thrown, requestId);
  c.set("errorCode", error.appCode);
  if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
  if (trpcPath.test(c.req.path)) {
    if (error.appCode === "method_not_allowed") c.header("Allow", "GET, POST");
    return c.json(trpcErrorBody(error, requestId), error.status as 400);
  }
  return c.json(
    {
      ok: false as const,
      error: { code: error.appCode, message: error.message, requestId, ...(error.issues ? { issues: error.issues } : {}) },
    },
    error.status as 400,
  );
}
