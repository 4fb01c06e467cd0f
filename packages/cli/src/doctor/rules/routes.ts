import { parseOrigins } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView, isTable } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "routes";

function patterns(routes: unknown): string[] {
  const list = Array.isArray(routes) ? routes : routes === undefined ? [] : [routes];
  return list.flatMap((r) => {
    if (typeof r === "string") return [r];
    if (isTable(r) && typeof r.pattern === "string") return [r.pattern];
    return [];
  });
}

/**
 * The front-end domain must route /api/* (at least /api/auth/oauth/*) to the worker: the OAuth
 * buttons are plain navigations on the front-end host, whatever VITE_API_BASE_URL says.
 */
export const routeRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  const declared = patterns(view.routes);
  const rootRoutes = patterns(input.toml.routes ?? input.toml.route);
  if (input.env === "local") {
    if (rootRoutes.length > 0) {
      out.push(finding(RULE, "warning", "The root block declares routes; [env.*] blocks without their own routes inherit them.", "Declare routes only inside [env.staging] and [env.production]."));
    }
    return out;
  }
  const corsRaw = view.vars.CORS_ALLOWED_ORIGINS;
  const frontHosts = parseOrigins(typeof corsRaw === "string" ? corsRaw : undefined).origins.map((o) => new URL(o).host);
  if (declared.length === 0 && view.workersDev === false) {
    out.push(
      finding(RULE, "warning", `[env.${input.env}] has no routes and workers_dev = false: the worker is unreachable and the health check fails.`, `Uncomment routes = [{ pattern = "<frontend-domain>/api/*", zone_name = "<zone>" }] in [env.${input.env}] (or add a custom domain).`),
    );
    return out;
  }
  if (declared.length === 0) {
    out.push(
      finding(RULE, "note", `No routes in [env.${input.env}]: /api/* must reach the worker on the front-end domain some other way, or /api/auth/oauth/* answers 404/405 from the front-end host.`, `Uncomment routes = [{ pattern = "<frontend-domain>/api/*", zone_name = "<zone>" }] (the API token then needs Workers Routes: Edit and Zone: Read).`),
    );
    return out;
  }
  out.push(finding(RULE, "note", `[env.${input.env}] declares routes: ${declared.join(", ")}.`, "The pipeline's PLATFORM_API_TOKEN needs Workers Routes: Edit and Zone: Read, or the route deploy fails after the upload."));
  for (const host of frontHosts) {
    const routed = declared.some((p) => p === `${host}/api/*` || p === `${host}/api/auth/oauth/*` || p === `${host}/*`);
    if (!routed) {
      out.push(
        finding(RULE, "warning", `No route sends ${host}/api/auth/oauth/* to the worker: the OAuth buttons on that front end would get 404/405.`, `Add { pattern = "${host}/api/*", zone_name = "<zone>" } to [env.${input.env}] routes.`),
      );
    }
  }
  return out;
};
