import { AppError, appRouter } from "@mailroom/api";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { errorResponse } from "../http/error-response.ts";

export const trpcEndpoint = "/api/trpc";

/** The most calls one batched request may carry; the web client's batch link uses the same cap. */
const maxBatchCalls = 20;

const allowedMethods = ["GET", "HEAD", "POST"];

/** The media type of a Content-Type header, lower-cased (media types are case-insensitive). */
function mediaType(header: string | undefined): string | undefined {
  return header?.split(";")[0]?.trim().toLowerCase() || undefined;
}

/**
 * What tRPC would fail on before it builds the request's context, refused here in its error
 * shape with the request id: a method other than GET/POST, a body that is not JSON, a procedure
 * path that is not valid percent-encoding (tRPC's decodeURIComponent would throw a URIError: 500),
 * a batch over the cap (before any call runs). Otherwise the request tRPC should see: GET without
 * a Content-Type (tRPC picks its parser by that header even without a body), POST with the media
 * type spelled as tRPC matches it (`APPLICATION/JSON` is the same type).
 */
function admit(req: Request): Request | AppError {
  if (!allowedMethods.includes(req.method)) return new AppError("method_not_allowed", `${req.method} is not allowed here; use GET for queries and POST for mutations`);
  const url = new URL(req.url);
  const path = url.pathname.slice(trpcEndpoint.length).replace(/^\/+|\/+$/g, "");
  try {
    decodeURIComponent(path);
  } catch {
    return new AppError("validation_failed", "The procedure path is not valid percent-encoding");
  }
  if (url.searchParams.get("batch") === "1" && path.split(",").length > maxBatchCalls) {
    return new AppError("validation_failed", `A batch may hold at most ${maxBatchCalls} calls`);
  }
  const contentType = req.headers.get("Content-Type");
  if (req.method !== "POST") {
    if (contentType === null) return req;
    const headers = new Headers(req.headers);
    headers.delete("Content-Type");
    return new Request(req, { headers });
  }
  const type = mediaType(contentType ?? undefined);
  if (type !== "application/json") {
    return new AppError("unsupported_media_type", type ? `Send JSON (application/json), not ${type}` : "Send JSON with Content-Type: application/json");
  }
  if (contentType?.startsWith("application/json")) return req;
  const headers = new Headers(req.headers);
  headers.set("Content-Type", "application/json");
  return new Request(req, { headers });
}

/**
 * The tRPC router on `@hono/trpc-server`, with the context the request-context middleware built
 * (its queued headers are merged there). Failures are noted for the request's log line; the
 * stack of an internal error is logged here, never sent.
 */
export const trpcRoutes = new Hono<AppEnv>().all("/*", async (c, next) => {
  const admitted = admit(c.req.raw);
  if (admitted instanceof AppError) return errorResponse(c, admitted);
  c.req.raw = admitted;
  // A failure tRPC hits before creating the context (e.g. a batch mixing queries and mutations)
  // would be formatted without our request id; it is answered here instead, with it.
  let requestFailure: unknown;
  const response = await trpcServer({
    endpoint: trpcEndpoint,
    router: appRouter,
    createContext: () => ({ ...c.get("ctx") }),
    onError: ({ error, path, ctx }) => {
      if (!ctx) {
        requestFailure = error;
        return;
      }
      const appError = AppError.from(error);
      c.set("errorCode", appError.appCode);
      if (appError.appCode === "internal") c.get("ctx").log.error("internal error", error.cause ?? error, { procedure: path });
    },
  })(c, next);
  return requestFailure === undefined ? response : errorResponse(c, requestFailure);
});
