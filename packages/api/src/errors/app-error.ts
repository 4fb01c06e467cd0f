import { TRPCError } from "@trpc/server";
import { codeForTrpc, errorCodes, type ErrorCode } from "./codes.ts";

export interface FieldIssue {
  path: string;
  message: string;
}

interface AppErrorOptions {
  issues?: FieldIssue[];
  /** Seconds, sent as `Retry-After` with 429 answers. */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The one error type. It is a TRPCError, so procedures throw it as is, and the REST routes
 * render the same code and message as `{"ok": false, "error": {...}}`.
 */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  readonly retryAfter: number | undefined;

  constructor(appCode: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super({ code: errorCodes[appCode].trpc, message, cause: options.cause });
    this.name = "AppError";
    this.appCode = appCode;
    this.status = errorCodes[appCode].status;
    this.issues = options.issues;
    this.retryAfter = options.retryAfter;
  }

  /** Normalizes anything thrown into an AppError; unknown failures become a bare `internal`. */
  static from(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof TRPCError) {
      if (error.cause instanceof AppError) return error.cause;
      const issues = issuesOf(error.cause);
      if (issues) return new AppError("validation_failed", "Invalid input", { issues, cause: error });
      const code = codeForTrpc[error.code];
      if (code !== "internal") return new AppError(code, error.message || "The request is malformed", { cause: error });
    }
    return new AppError("internal", "Something went wrong on our side. Please try again.", { cause: error });
  }
}

/** Field issues of a zod / Standard Schema validation failure, if that is what `cause` is. */
export function issuesOf(cause: unknown): FieldIssue[] | undefined {
  if (typeof cause !== "object" || cause === null || !("issues" in cause) || !Array.isArray(cause.issues)) return undefined;
  return (cause.issues as { path?: readonly (PropertyKey | { key: PropertyKey })[]; message?: unknown }[]).map((issue) => ({
    path: (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join("."),
    message: typeof issue.message === "string" ? issue.message : "Invalid value",
  }));
}
