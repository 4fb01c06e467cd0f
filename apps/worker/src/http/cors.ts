import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";

/** Exact-origin CORS with credentials; origins come only from CORS_ALLOWED_ORIGINS, never `*`. */
export const corsPolicy = createMiddleware<AppEnv>(async (c, next) => {
  const allowed = c.get("ctx").config.cors.origins;
  return cors({
    origin: (origin) => (allowed.includes(origin) ? origin : null),
    credentials: true,
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowHeaders: ["Content-Type", "Authorization", "trpc-accept", "x-trpc-source"],
    // What a script on an allowed origin needs to read: the request id, and the quota headers of API-key calls.
    exposeHeaders: ["Retry-After", "X-Request-Id", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
    maxAge: 600,
  })(c, next);
});
