import type { Bindings } from "@mailroom/config";
import { createServiceContext, type Actor, type ServiceContext } from "../context/service-context.ts";
import { apiQuotaExceeded, chargeApiCall, resolveApiKey } from "../services/api-keys/index.ts";
import { enforceRateLimit } from "../services/auth/rate-limit.ts";
import { resolveSession } from "../services/auth/sessions.ts";
import { oauthBindingCookieName, readCookie, sessionCookie, sessionCookieName } from "./session-cookie.ts";

/**
 * What tRPC procedures and REST routes get for one HTTP request: the service context, the
 * credentials the request carried, and the headers to add to the answer (cookies, Retry-After).
 */
export interface RequestContext extends ServiceContext {
  credentials: {
    sessionToken: string | undefined;
    /** The token of an `Authorization: Bearer …` header: an API key, which decides over any cookie. */
    apiKey: string | undefined;
    /** The `oauth_binding` cookie, which an OAuth callback must carry (login-CSRF protection). */
    oauthBinding: string | undefined;
  };
  resHeaders: Headers;
  /** The origin this API was reached at (to register the bot's webhook address). */
  apiOrigin: string;
  /** The page that sent the request (`Origin`), for passkey ceremonies; null from tools. */
  pageOrigin: string | null;
}

export interface RequestInput {
  env: Bindings;
  req: Request;
  requestId: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

export function createRequestContext({ env, req, requestId, waitUntil }: RequestInput): RequestContext {
  return {
    ...createServiceContext({
      env,
      requestId,
      waitUntil,
      client: { ip: req.headers.get("cf-connecting-ip") ?? "unknown", userAgent: req.headers.get("User-Agent") },
    }),
    credentials: {
      sessionToken: readCookie(req.headers, sessionCookieName),
      apiKey: bearerToken(req.headers),
      oauthBinding: readCookie(req.headers, oauthBindingCookieName),
    },
    resHeaders: new Headers(),
    apiOrigin: new URL(req.url).origin,
    pageOrigin: req.headers.get("Origin"),
  };
}

/** The token of an `Authorization: Bearer <token>` header (the scheme is case-insensitive). */
export function bearerToken(headers: Headers): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(headers.get("Authorization") ?? "")?.[1];
}

/**
 * The key's actor without counting a call (an MCP session's handshake and tool list are free;
 * each tool call is charged on its own). A wrong key is a guess: those go through the rate limiter.
 */
export async function resolveKeyActor(ctx: RequestContext, key: string): Promise<Actor | null> {
  const actor = await resolveApiKey(ctx, key);
  if (!actor) await enforceRateLimit(ctx, "api-key");
  return actor;
}

/**
 * Counts one call against the key owner's daily quota; the `RateLimit-*` headers say where it
 * stands. Over the quota: 429 `quota_exceeded`.
 */
export async function chargeKeyCall(ctx: RequestContext, actor: Actor): Promise<void> {
  const allowance = await chargeApiCall(ctx, actor.user.id);
  ctx.resHeaders.set("RateLimit-Limit", String(allowance.limit));
  ctx.resHeaders.set("RateLimit-Remaining", String(allowance.remaining));
  ctx.resHeaders.set("RateLimit-Reset", String(allowance.reset));
  if (!allowance.allowed) throw apiQuotaExceeded(allowance);
}

/** A key actor, with this call counted against its owner's daily quota. */
async function authenticateKey(ctx: RequestContext, key: string): Promise<Actor | null> {
  const actor = await resolveKeyActor(ctx, key);
  if (actor) await chargeKeyCall(ctx, actor);
  return actor;
}

// One lookup per request, however many procedures a batch holds.
const resolved = new WeakMap<RequestContext, Promise<Actor | null>>();

/**
 * The one session helper: who the request's API key (a key actor, `apiKeyId` set; the key
 * decides when a cookie came too) or else its session cookie belongs to (null: nobody),
 * renewing the cookie when the session's expiry moved forward. A key call counts once per request.
 */
export function authenticate(ctx: RequestContext): Promise<Actor | null> {
  let actor = resolved.get(ctx);
  if (!actor) {
    actor = (async () => {
      if (ctx.credentials.apiKey !== undefined) return authenticateKey(ctx, ctx.credentials.apiKey);
      const token = ctx.credentials.sessionToken;
      if (!token) return null;
      const session = await resolveSession(ctx, token);
      if (!session) return null;
      if (session.renewed) ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, token));
      return session.actor;
    })();
    resolved.set(ctx, actor);
  }
  return actor;
}
