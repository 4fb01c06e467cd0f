import type { Config } from "@mailroom/config";

export const sessionCookieName = "app_session";
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;

/** CONTRACT §4: HttpOnly, SameSite=Lax, Path=/, Secure exactly when COOKIE_SECURE, Domain exactly when COOKIE_DOMAIN. */
export function serializeSessionCookie(config: Config, token: string, maxAgeSeconds: number): string {
  const parts = [`${sessionCookieName}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (maxAgeSeconds === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (config.cookie.secure) parts.push("Secure");
  if (config.cookie.domain) parts.push(`Domain=${config.cookie.domain}`);
  return parts.join("; ");
}

export function readSessionToken(req: Request): string | undefined {
  const header = req.headers.get("Cookie");
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === sessionCookieName) {
      const value = pair.slice(index + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}
