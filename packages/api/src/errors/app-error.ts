import { TRPCError } from "@trpc/server";
import { codeForTrpc, errorCodes, type ErrorCode } from "./codes.ts";

export interface FieldIssue {
  path: string;
  /** English text for the field; clients that speak other languages word it from `rule`. */
  message: string;
  /** Which rule failed: zod's issue code (`too_small`, `invalid_format`, …) or a named rule. */
  rule?: string;
  /** The rule's figures (`minimum`, `maximum`, `origin`, `format`, a bad line…). */
  params?: Record<string, string | number>;
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

interface SchemaIssue {
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  message?: unknown;
  code?: unknown;
  params?: unknown;
  [figure: string]: unknown;
}

// The figures of a zod issue that a client needs to word the message itself.
const figureNames = ["minimum", "maximum", "origin", "format", "expected"] as const;

function figuresOf(issue: SchemaIssue): Record<string, string | number> {
  const figures: Record<string, string | number> = {};
  const named = typeof issue.params === "object" && issue.params !== null ? Object.entries(issue.params) : [];
  for (const [name, value] of [...figureNames.map((n) => [n, issue[n]] as const), ...named]) {
    if (typeof value === "string" || typeof value === "number") figures[name] = value;
    else if (typeof value === "bigint") figures[name] = Number(value);
  }
  return figures;
}

/**
 * Field issues of a zod / Standard Schema validation failure, if that is what `cause` is. A
 * custom rule names itself with `params: {rule}`; other issues carry zod's code as the rule.
 */
export function issuesOf(cause: unknown): FieldIssue[] | undefined {
  if (typeof cause !== "object" || cause === null || !("issues" in cause) || !Array.isArray(cause.issues)) return undefined;
  return (cause.issues as SchemaIssue[]).map((issue) => {
    const { rule, ...params } = figuresOf(issue);
    const code = typeof rule === "string" ? rule : typeof issue.code === "string" ? issue.code : undefined;
    return {
      path: (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join("."),
      message: typeof issue.message === "string" ? issue.message : "Invalid value",
      ...(code ? { rule: code } : {}),
      ...(Object.keys(params).length > 0 ? { params } : {}),
    };
  });
}
