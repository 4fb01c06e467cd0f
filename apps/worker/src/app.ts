import { AppError, sendBodyMaxBytes } from "@mailroom/api";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { corsPolicy } from "./http/cors.ts";
import type { AppEnv } from "./http/env.ts";
import { errorResponse } from "./http/error-response.ts";
import { originGuard } from "./http/origin-guard.ts";
import { requestContext } from "./http/request-context.ts";
import { requestLog } from "./http/request-log.ts";
import { benchRoutes } from "./routes/bench.ts";
import { downloadRoutes } from "./routes/downloads.ts";
import { healthRoutes } from "./routes/health.ts";
import { mcpPath, mcpRoutes } from "./routes/mcp.ts";
import { messengerRoutes } from "./routes/messenger.ts";
import { oauthPath, oauthRoutes } from "./routes/oauth.ts";
import { outboundEventRoutes } from "./routes/outbound-events.ts";
import { trpcEndpoint, trpcRoutes } from "./routes/trpc.ts";
import { v1 } from "./routes/v1/index.ts";

// JSON bodies of the API are small; mail arrives through email(), not HTTP. Only a mail being
// sent carries files (base64), so that one procedure, called alone, may be larger.
const maxBodyBytes = 1024 * 1024;
const outboundSendPath = "/api/trpc/outbound.send";
const tooLarge = () => {
  throw new AppError("payload_too_large", "The request body is too large");
};

export const app = new Hono<AppEnv>()
  .use("*", requestLog)
  .use("*", requestContext)
  .use("/api/*", corsPolicy)
  .use("/api/*", originGuard)
  .use("/api/*", except(outboundSendPath, bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })))
  .use(outboundSendPath, bodyLimit({ maxSize: sendBodyMaxBytes, onError: tooLarge }))
  .route("/api/system", healthRoutes)
  .route("/api/system", benchRoutes)
  .route(oauthPath, oauthRoutes)
  .route("/api/messenger", messengerRoutes)
  .route("/api/outbound/events", outboundEventRoutes)
  .route("/api/messages", downloadRoutes)
  .route(trpcEndpoint, trpcRoutes)
  .route(mcpPath, mcpRoutes)
  .route("/", v1)
  .notFound((c) => errorResponse(c, new AppError("not_found", "Not found")))
  .onError((error, c) => errorResponse(c, error));
