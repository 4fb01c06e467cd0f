export interface OriginList {
  origins: string[];
  /** Entries that were dropped, each with the reason; the doctor reports them. */
  rejected: { entry: string; reason: string }[];
}

/**
 * Parses `CORS_ALLOWED_ORIGINS`: exact `scheme://host[:port]` origins separated by commas.
 * A `*` or a malformed entry is never allowed at runtime; it is reported instead.
 */
export function parseOrigins(value: string | undefined): OriginList {
  const result: OriginList = { origins: [], rejected: [] };
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.includes("*")) {
      result.rejected.push({ entry, reason: "wildcards are not allowed with credentials" });
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      result.rejected.push({ entry, reason: "not a URL" });
      continue;
    }
    if (!["http:", "https:"].includes(url.protocol) || url.origin !== entry) {
      result.rejected.push({ entry, reason: "must be an exact origin like https://app.example.com (no path, no trailing slash)" });
      continue;
    }
    result.origins.push(entry);
  }
  return result;
}
