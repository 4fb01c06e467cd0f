import { createLogger, requestIdFrom } from "@mailroom/api";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "./env.ts";

const trpcPrefix = "/api/trpc/";

function procedureNames(pathname: string): string | undefined {
  if (!pathname.startsWith(trpcPrefix)) return undefined;
  return pathname.slice(trpcPrefix.length).slice(0, 500);
}

/**
 * Gives every request an id (the platform's `cf-ray`, else random), answers it in
 * `X-Request-Id`, and writes one JSON log line when the answer is ready: method, route (or tRPC
 * procedures), status, duration and, for failures, the error code. Error bodies carry the same id.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = requestIdFrom(c.req.raw.headers);
  c.set("requestId", requestId);
  await next();
  c.res.headers.set("X-Request-Id", requestId);
  const pathname = new URL(c.req.url).pathname;
  const status = c.res.status;
  const errorCode = c.get("errorCode");
  const fields = {
    method: c.req.method,
    route: routePath(c, -1),
    procedures: procedureNames(pathname),
    status,
    durationMs: Date.now() - started,
    ...(errorCode ? { errorCode } : {}),
  };
  const log = createLogger(requestId);
  if (status >= 500) log.error("request", undefined, fields);
  else if (status >= 400) log.warn("request", fields);
  else log.info("request", fields);
});
