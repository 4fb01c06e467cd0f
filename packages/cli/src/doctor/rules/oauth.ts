import { parseOrigins } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView, secretState } from "../view.ts";
import { finding } from "./finding.ts";

const providers = [
  { id: "codehost", prefix: "CODEHOST" },
  { id: "forum", prefix: "FORUM" },
] as const;

function callbackProblem(value: string, provider: string, env: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  const loopback = ["127.0.0.1", "localhost"].includes(url.hostname);
  if (url.protocol !== "https:" && !(env === "local" && loopback && url.protocol === "http:")) return "is not https";
  if (url.username || url.password) return "carries credentials";
  if (url.pathname !== `/api/auth/oauth/${provider}/callback`) return `has the path ${url.pathname}`;
  if (url.search || url.hash || value.includes("?") || value.includes("#")) return "carries a query or fragment";
  return undefined;
}

/** A provider is all-or-nothing, and its callback is the front end's exact OAuth callback path. */
export const oauthRules: Rule = (input) => {
  if (!input.secrets) return [];
  const view = envView(input.toml, input.env);
  const corsRaw = view.vars.CORS_ALLOWED_ORIGINS;
  const frontOrigins = parseOrigins(typeof corsRaw === "string" ? corsRaw : undefined).origins;
  const out: Finding[] = [];
  for (const p of providers) {
    const names = [`${p.prefix}_OAUTH_CLIENT_ID`, `${p.prefix}_OAUTH_CLIENT_SECRET`, `${p.prefix}_OAUTH_CALLBACK_URL`];
    const present = names.filter((n) => secretState(input.secrets, n) !== "absent");
    if (present.length > 0 && present.length < names.length) {
      const missing = names.filter((n) => !present.includes(n));
      out.push(
        finding("oauth-partial", "error", `${p.id} login has ${present.join(", ")} but not ${missing.join(", ")}: the provider stays disabled (start answers 503).`, `Set all three ${p.prefix}_OAUTH_* secrets, or none.`),
      );
    }
    const callbackName = `${p.prefix}_OAUTH_CALLBACK_URL`;
    const callback = input.secrets.get(callbackName);
    if (typeof callback === "string" && callback.trim() !== "") {
      const problem = callbackProblem(callback.trim(), p.id, input.env);
      if (problem) {
        out.push(
          finding("oauth-callback", "error", `${callbackName} ${callback} ${problem}.`, `Use exactly https://<frontend-domain>/api/auth/oauth/${p.id}/callback, the same URL registered with the provider.`),
        );
      } else if (frontOrigins.length > 0 && !frontOrigins.includes(new URL(callback.trim()).origin)) {
        out.push(
          finding("oauth-callback", "warning", `${callbackName} is on ${new URL(callback.trim()).origin}, which is not a front-end origin in CORS_ALLOWED_ORIGINS.`, "The callback belongs on the front-end domain (where /api/auth/oauth/* is routed to the worker)."),
        );
      }
    }
  }
  return out;
};
