import { createRequestContext } from "@mailroom/api";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";

/**
 * Builds the request context once (validated config, database, client, credentials) and copies
 * the headers procedures queue (cookies, Retry-After) onto whatever response goes out, errors too.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = createRequestContext({
    env: c.env,
    req: c.req.raw,
    requestId: c.get("requestId"),
    waitUntil: (promise) => {
      c.executionCtx.waitUntil(promise);
    },
  });
  c.set("ctx", ctx);
  await next();
  if ([...ctx.resHeaders.keys()].length === 0) return;
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of ctx.resHeaders) c.res.headers.append(name, value);
});
