import { AppError } from "@mailroom/api";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by a page of a foreign origin (CSRF): a request with an
 * `Origin` header must come from an allowed front end or from the API's own origin.
 */
export const originGuard = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin !== undefined && !safeMethods.has(c.req.method)) {
    const allowed = c.get("ctx").config.cors.origins;
    if (!allowed.includes(origin) && origin !== new URL(c.req.url).origin) {
      throw new AppError("forbidden", "Requests from this origin are not allowed");
    }
  }
  await next();
});
