const fallback = "/dashboard";
// Any fixed origin will do: only whether the value stays on it matters.
const site = "https://in-site.invalid";

/** A path-absolute reference a browser cannot read as another origin. */
function isInSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (value.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[\u0000-\u001f\u007f]/.test(value);
}

function decodedOrAsIs(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * CONTRACT §5: keep only a relative in-site path (a single leading `/`, no scheme, no `//`, no
 * backslash, no control characters). Empty, external, `//…`, `/login…` and `/register…` become
 * `/dashboard`. The checks hold for the value as sent and again after URL normalization, because
 * dot segments collapse (`/.//evil.example` → `//evil.example`) and the normalized value is what
 * is stored and redirected to. Shared by the OAuth routes and the web app's `?next=` handling.
 */
export function sanitizeNextPath(value: string | null | undefined): string {
  if (!value || !isInSitePath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site) return fallback;
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  if (!isInSitePath(normalized)) return fallback;
  if (/^\/(login|register)(?=$|[/?#])/i.test(decodedOrAsIs(url.pathname))) return fallback;
  return normalized;
}
