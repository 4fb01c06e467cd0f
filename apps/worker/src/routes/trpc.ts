import { appRouter } from "@mailroom/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

export const trpcEndpoint = "/api/trpc";

export const trpcRoutes = new Hono<AppEnv>().all("/*", (c) =>
  fetchRequestHandler({
    endpoint: trpcEndpoint,
    req: c.req.raw,
    router: appRouter,
    // The context was built by the request-context middleware; its headers are merged there.
    createContext: () => c.get("ctx"),
  }),
);
