import type { EnvName, Table } from "./types.ts";

/** One environment's part of wrangler.toml, as wrangler sees it for `--env <name>`. */
export interface EnvView {
  env: EnvName;
  /** Where the block lives in the file, for messages: `[vars]` or `[env.staging.vars]`. */
  prefix: string;
  /** Whether the env block exists at all (the root always does). */
  declared: boolean;
  workerName: unknown;
  vars: Table;
  d1: Table[];
  kv: Table[];
  r2: Table[];
  ratelimits: Table[];
  sendEmail: Table[];
  ai: unknown;
  crons: unknown;
  routes: unknown;
  workersDev: unknown;
}

export function isTable(value: unknown): value is Table {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function tables(value: unknown): Table[] {
  return Array.isArray(value) ? value.filter(isTable) : [];
}

/**
 * Bindings and vars are not inherited by `[env.*]` blocks in wrangler; routes and triggers are.
 * The view applies the same rule so the doctor judges what would really be deployed.
 */
export function envView(toml: Table, env: EnvName): EnvView {
  const envs = isTable(toml.env) ? toml.env : {};
  const block = env === "local" ? toml : envs[env];
  const own = isTable(block) ? block : {};
  const inherited = (key: string): unknown => (key in own ? own[key] : toml[key]);
  const triggers = inherited("triggers");
  return {
    env,
    prefix: env === "local" ? "" : `env.${env}.`,
    declared: env === "local" || isTable(block),
    workerName: env === "local" ? toml.name : own.name,
    vars: isTable(own.vars) ? own.vars : {},
    d1: tables(own.d1_databases),
    kv: tables(own.kv_namespaces),
    r2: tables(own.r2_buckets),
    ratelimits: tables(own.ratelimits),
    sendEmail: tables(own.send_email),
    ai: own.ai,
    crons: isTable(triggers) ? triggers.crons : undefined,
    routes: inherited("routes") ?? inherited("route"),
    workersDev: inherited("workers_dev"),
  };
}

/** The vars that hold strings, as the config loader receives them. */
function stringVars(vars: Table): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) if (typeof value === "string") out[name] = value;
  return out;
}

export function isPlaceholder(value: unknown): boolean {
  return typeof value === "string" && value.startsWith("replace-with-");
}

/** Vars and secret values together: what the worker's config loader would receive. */
export function mergedSettings(vars: Table, secrets: ReadonlyMap<string, string | null> | undefined): Record<string, string> {
  const out = stringVars(vars);
  for (const [name, value] of secrets ?? []) if (value !== null && value !== "") out[name] = value;
  return out;
}

/** A secret's state: "set" with a value, "named" when the file lists the name alone, or absent. */
export function secretState(secrets: ReadonlyMap<string, string | null> | undefined, name: string): "set" | "named" | "absent" {
  if (!secrets?.has(name)) return "absent";
  const value = secrets.get(name);
  if (value === null) return "named";
  return value === undefined || value.trim() === "" ? "absent" : "set";
}
