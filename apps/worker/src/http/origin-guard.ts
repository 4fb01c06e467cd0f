import { AppError, bearerToken } from "@mailroom/api";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by a page of a foreign origin (CSRF): a request with an
 * `Origin` header must come from an allowed front end or from the API's own origin. A request
 * with a Bearer key and no cookie at all is exempt: a browser adds neither by itself, so a
 * foreign page cannot make it ride on the user's credentials.
 */
export const originGuard = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  const keyOnly = bearerToken(c.req.raw.headers) !== undefined && c.req.header("Cookie") === undefined;
  if (origin !== undefined && !safeMethods.has(c.req.method) && !keyOnly) {
    const allowed = c.get("ctx").config.cors.origins;
    if (!allowed.includes(origin) && origin !== new URL(c.req.url).origin) {
      throw new AppError("forbidden", "Requests from this origin are not allowed");
    }
  }
  await next();
});
