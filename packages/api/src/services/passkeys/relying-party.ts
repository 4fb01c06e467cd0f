import type { Config } from "@mailroom/config";
import { AppError } from "../../errors/index.ts";

/** Who the passkeys belong to: the web app's host (RP ID) and the exact origin its pages run at. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * The relying party of a ceremony, from the page that runs it. Only state-changing requests reach
 * the ceremonies, and the origin guard admits those only from the web app's own origins, so the
 * `Origin` header names a page of ours; the browser, for its part, only answers for that host.
 */
export function relyingParty(config: Pick<Config, "appName">, pageOrigin: string | null): RelyingParty {
  const url = pageOrigin && URL.canParse(pageOrigin) ? new URL(pageOrigin) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new AppError("validation_failed", "Passkeys work from the Mailroom web app in a browser (the request names no page origin)");
  }
  return { id: url.hostname, name: config.appName, origin: url.origin };
}
