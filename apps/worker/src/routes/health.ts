import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

/** The first acceptance check of every environment; it needs no database. */
export const healthRoutes = new Hono<AppEnv>().get("/health", (c) => {
  const { config } = c.get("ctx");
  return c.json({ ok: true, environment: config.environment, appName: config.appName });
});
