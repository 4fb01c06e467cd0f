import type { Bindings } from "@mailroom/config";
import { createServiceContext, type Actor, type ServiceContext } from "../context/service-context.ts";
import { resolveSession } from "../services/auth/sessions.ts";
import { oauthBindingCookieName, readCookie, sessionCookie, sessionCookieName } from "./session-cookie.ts";

/**
 * What tRPC procedures and REST routes get for one HTTP request: the service context, the
 * credentials the request carried, and the headers to add to the answer (cookies, Retry-After).
 */
export interface RequestContext extends ServiceContext {
  credentials: {
    sessionToken: string | undefined;
    /** The `oauth_binding` cookie, which an OAuth callback must carry (login-CSRF protection). */
    oauthBinding: string | undefined;
  };
  resHeaders: Headers;
  /** The origin this API was reached at (to register the bot's webhook address). */
  apiOrigin: string;
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
    credentials: { sessionToken: readCookie(req.headers, sessionCookieName), oauthBinding: readCookie(req.headers, oauthBindingCookieName) },
    resHeaders: new Headers(),
    apiOrigin: new URL(req.url).origin,
  };
}

// One lookup per request, however many procedures a batch holds.
const resolved = new WeakMap<RequestContext, Promise<Actor | null>>();

/**
 * The one session helper: who the request's session cookie belongs to (null: nobody), renewing
 * the cookie when the session's expiry moved forward.
 */
export function authenticate(ctx: RequestContext): Promise<Actor | null> {
  let actor = resolved.get(ctx);
  if (!actor) {
    actor = (async () => {
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
