import { initTRPC } from "@trpc/server";
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

const t = initTRPC.context<RequestContext>().create({
  transformer: superjson,
  isDev: false,
  // The tRPC translation of the error model: `message` is the human text, `data.appCode` the code.
  errorFormatter({ shape, error, ctx }): { message: string; code: number; data: ErrorData } {
    const appError = AppError.from(error);
    if (appError.retryAfter !== undefined) ctx?.resHeaders.set("Retry-After", String(appError.retryAfter));
    return {
      message: appError.message,
      code: shape.code,
      data: {
        appCode: appError.appCode,
        httpStatus: appError.status,
        requestId: ctx?.requestId ?? null,
        ...(appError.issues ? { issues: appError.issues } : {}),
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure;
