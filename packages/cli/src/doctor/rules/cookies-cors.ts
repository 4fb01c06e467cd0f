import { parseOrigins } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView } from "../view.ts";
import { finding } from "./finding.ts";

/** Hosts a cookie with this Domain attribute is sent to (the domain itself and its subdomains). */
function covers(cookieDomain: string, host: string): boolean {
  const bare = cookieDomain.replace(/^\./, "").toLowerCase();
  const h = host.toLowerCase();
  return h === bare || h.endsWith(`.${bare}`);
}

/** Credentialed CORS, the session cookie and the same-domain / separate-API-domain modes. */
export const cookieCorsRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const section = `[${view.prefix}vars]`;
  const out: Finding[] = [];
  const raw = view.vars.CORS_ALLOWED_ORIGINS;
  const cors = parseOrigins(typeof raw === "string" ? raw : undefined);
  if (typeof raw !== "string" || raw.trim() === "") {
    out.push(
      finding("cors", "error", `${section} CORS_ALLOWED_ORIGINS is missing: browsers on the front end cannot call the API with credentials.`, `Set CORS_ALLOWED_ORIGINS = "https://<frontend-domain>" in ${section}.`),
    );
  }
  for (const rejected of cors.rejected) {
    out.push(finding("cors", "error", `CORS_ALLOWED_ORIGINS entry ${JSON.stringify(rejected.entry)}: ${rejected.reason}.`, "List exact front-end origins such as https://mail.example.com, separated by commas; never *."));
  }
  if (input.env !== "local") {
    for (const origin of cors.origins.filter((o) => !o.startsWith("https://"))) {
      out.push(finding("cors", "error", `CORS_ALLOWED_ORIGINS entry ${origin} is not https.`, "Remote front ends are served over https: list https://<host>."));
    }
  }

  const secure = view.vars.COOKIE_SECURE;
  if (input.env === "production" && secure !== "true") {
    out.push(finding("cookie-secure", "error", `${section} COOKIE_SECURE is ${JSON.stringify(secure)}; production requires the string "true".`, `Set COOKIE_SECURE = "true" in ${section}.`));
  } else if (input.env === "staging" && secure !== "true") {
    out.push(finding("cookie-secure", "warning", `${section} COOKIE_SECURE is ${JSON.stringify(secure)}; staging is served over https like production.`, `Set COOKIE_SECURE = "true" in ${section}.`));
  }

  const domain = view.vars.COOKIE_DOMAIN;
  if (typeof domain === "string" && domain.trim() !== "") {
    const uncovered = cors.origins.filter((o) => !covers(domain.trim(), new URL(o).hostname));
    if (uncovered.length > 0) {
      out.push(
        finding("cookie-domain", "warning", `COOKIE_DOMAIN ${domain} does not cover ${uncovered.join(", ")}: the session cookie would not reach that front end.`, "Set COOKIE_DOMAIN to the common parent of the front-end and API hosts, with a leading dot."),
      );
    }
  }

  const api = input.apiBaseUrl?.trim();
  if (api) {
    let url: URL | undefined;
    try {
      url = new URL(api);
    } catch {
      out.push(finding("api-mode", "error", `VITE_API_BASE_URL ${JSON.stringify(api)} is not a URL.`, "Set it to the API origin, e.g. https://api.example.com, or leave it unset for same-domain mode."));
    }
    if (url) {
      if (input.env !== "local" && url.protocol !== "https:") {
        out.push(finding("api-mode", "error", `VITE_API_BASE_URL ${api} is not https.`, "Serve the API over https."));
      }
      if (url.hostname.endsWith(".workers.dev")) {
        out.push(
          finding("api-mode", "warning", `VITE_API_BASE_URL ${api} is on the shared workers.dev domain: a different site, so the session cookie is not sent with API calls.`, "Use a custom API subdomain of the front-end's parent domain, or same-domain mode."),
        );
      }
      const frontHosts = cors.origins.map((o) => new URL(o).hostname);
      const apiHost = url.hostname;
      const needsDomain = frontHosts.length > 0 && !frontHosts.includes(apiHost);
      if (needsDomain && !(typeof domain === "string" && domain.trim() !== "" && covers(domain.trim(), apiHost))) {
        out.push(
          finding("api-mode", "error", `Separate-API-domain mode (VITE_API_BASE_URL ${api}) without a COOKIE_DOMAIN covering ${apiHost}: the cookie set on the OAuth callback would not reach the API.`, `Set COOKIE_DOMAIN = ".<parent-domain>" in ${section}.`),
        );
      }
    }
  }
  return out;
};
