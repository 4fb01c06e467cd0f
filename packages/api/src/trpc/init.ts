import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import { AppError, type ErrorCode, type FieldIssue } from "../errors/index.ts";
import type { RequestContext } from "../transport/request-context.ts";

export interface ErrorData {
  appCode: ErrorCode;
  httpStatus: number;
  /** The same id as the `X-Request-Id` header and the request's log lines. */
  requestId: string | null;
  issues?: FieldIssue[];
}

interface ErrorShape {
  message: string;
  code: number;
  data: ErrorData;
}

// The tRPC translation of the error model: `message` is the human text, `data.appCode` the code.
function errorShape(appError: AppError, requestId: string | null): ErrorShape {
  return {
    message: appError.message,
    code: TRPC_ERROR_CODES_BY_KEY[appError.code],
    data: {
      appCode: appError.appCode,
      httpStatus: appError.status,
      requestId,
      ...(appError.issues ? { issues: appError.issues } : {}),
    },
  };
}

/**
 * The body tRPC would send for a request-level failure, for the answers the worker gives itself
 * (before tRPC runs, or when tRPC failed before it built the request's context).
 */
export function trpcErrorBody(error: unknown, requestId: string): { error: ReturnType<typeof superjson.serialize> } {
  return { error: superjson.serialize(errorShape(AppError.from(error), requestId)) };
}

const t = initTRPC.context<RequestContext>().create({
  transformer: superjson,
  isDev: false,
  errorFormatter({ error, ctx }): ErrorShape {
    const appError = AppError.from(error);
    if (appError.retryAfter !== undefined) ctx?.resHeaders.set("Retry-After", String(appError.retryAfter));
    return errorShape(appError, ctx?.requestId ?? null);
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure;
