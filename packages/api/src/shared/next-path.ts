const fallback = "/dashboard";

/**
 * CONTRACT §5: keep only a relative in-site path (a single leading `/`, no scheme, no `//`, no
 * backslash, no control characters). Empty, external, `//…`, `/login…` and `/register…` become
 * `/dashboard`. Shared by the OAuth routes and the web app's `?next=` handling.
 */
export function sanitizeNextPath(value: string | null | undefined): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "https://in-site.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "https://in-site.invalid") return fallback;
  if (/^\/(login|register)(?=$|[/?#])/i.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
