import { AppError, appRouter } from "@mailroom/api";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

export const trpcEndpoint = "/api/trpc";

/**
 * The tRPC router on `@hono/trpc-server`, with the context the request-context middleware built
 * (its queued headers are merged there). Failures are noted for the request's log line; the
 * stack of an internal error is logged here, never sent.
 */
export const trpcRoutes = new Hono<AppEnv>().all("/*", (c, next) =>
  trpcServer({
    endpoint: trpcEndpoint,
    router: appRouter,
    createContext: () => ({ ...c.get("ctx") }),
    onError: ({ error, path }) => {
      const appError = AppError.from(error);
      c.set("errorCode", appError.appCode);
      if (appError.appCode === "internal") c.get("ctx").log.error("internal error", error.cause ?? error, { procedure: path });
    },
  })(c, next),
);
