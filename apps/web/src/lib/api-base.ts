/**
 * Where the API lives. Empty in same-domain mode (the default): requests go to this origin's
 * /api/*. Set at build time with VITE_API_BASE_URL for a separate API domain.
 */
export const apiBase: string = process.env.VITE_API_BASE_URL ?? "";

/** OAuth buttons are plain navigations on the front-end domain, never the API base. */
export function oauthStartPath(provider: string, next: string): string {
  return `/api/auth/oauth/${encodeURIComponent(provider)}/start?next=${encodeURIComponent(next)}`;
}
