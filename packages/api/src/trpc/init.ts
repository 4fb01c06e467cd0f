import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import type { Context } from "../context.ts";
import { AppError, type FieldIssue } from "../errors/index.ts";
import type { ErrorCode } from "../errors/index.ts";

export interface ErrorData {
  appCode: ErrorCode;
  httpStatus: number;
  issues?: FieldIssue[];
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  isDev: false,
  // The tRPC translation of the error model: `message` is the human text, `data.appCode` the code.
  errorFormatter({ shape, error, ctx }): { message: string; code: number; data: ErrorData } {
    const appError = AppError.from(error);
    if (appError.appCode === "internal") console.error("internal error", error.cause ?? error);
    if (appError.retryAfter !== undefined) ctx?.resHeaders.set("Retry-After", String(appError.retryAfter));
    return {
      message: appError.message,
      code: shape.code,
      data: {
        appCode: appError.appCode,
        httpStatus: appError.status,
        ...(appError.issues ? { issues: appError.issues } : {}),
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
