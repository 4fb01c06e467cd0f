import type { Config } from "@mailroom/config";
import { sessionLifetimeMs } from "../services/auth/sessions.ts";

export const sessionCookieName = "app_session";

interface CookieOptions {
  path: string;
  /** Seconds; 0 expires the cookie. */
  maxAge: number;
}

/** CONTRACT §4: HttpOnly, SameSite=Lax, Secure exactly when COOKIE_SECURE, Domain exactly when COOKIE_DOMAIN. */
function serializeCookie(config: Config, name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, "HttpOnly", "SameSite=Lax", `Max-Age=${options.maxAge}`];
  if (options.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (config.cookie.secure) parts.push("Secure");
  if (config.cookie.domain) parts.push(`Domain=${config.cookie.domain}`);
  return parts.join("; ");
}

/** The `app_session` cookie carrying a session token (30 days, renewed while in use). */
export function sessionCookie(config: Config, token: string): string {
  return serializeCookie(config, sessionCookieName, token, { path: "/", maxAge: sessionLifetimeMs / 1000 });
}

export function expiredSessionCookie(config: Config): string {
  return serializeCookie(config, sessionCookieName, "", { path: "/", maxAge: 0 });
}

export const oauthBindingCookieName = "oauth_binding";
const oauthBindingPath = "/api/auth/oauth";

/**
 * CONTRACT §5: the `oauth_binding` cookie ties an OAuth state to the browser that started the
 * login (login CSRF); 10 minutes, like the state, and only sent to the OAuth routes.
 */
export function oauthBindingCookie(config: Config, value: string): string {
  return serializeCookie(config, oauthBindingCookieName, value, { path: oauthBindingPath, maxAge: 600 });
}

/** Expires the binding once a callback has used it. */
export function expiredOAuthBindingCookie(config: Config): string {
  return serializeCookie(config, oauthBindingCookieName, "", { path: oauthBindingPath, maxAge: 0 });
}

/** A cookie's value from a request's `Cookie` header (the first one of that name), if any. */
export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get("Cookie");
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === name) {
      const value = pair.slice(index + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}
