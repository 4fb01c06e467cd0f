import { AppError, benchTally } from "@mailroom/api";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * What `npm run bench` reads: D1, KV and R2 calls of the messages taken so far. Only with
 * `BENCH_COUNTERS=true`, which the doctor refuses outside local development.
 */
export const benchRoutes = new Hono<AppEnv>().get("/bench-counters", (c) => {
  if (!c.get("ctx").config.benchCounters) throw new AppError("not_found", "Not found");
  return c.json(benchTally());
});
