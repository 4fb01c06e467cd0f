import type { EnvName } from "../doctor/types.ts";
import { nodeProcess as process } from "./node-process.ts";
import { runWrangler } from "./wrangler.ts";

export interface D1Target {
  /** `local` (wrangler's local state) or a remote environment. */
  env: EnvName;
  /** Local state directory (defaults to MAILROOM_STATE_DIR, else wrangler's `.wrangler/state`). */
  persistTo?: string;
  /** A wrangler config with real ids (the pipeline's working copy) for remote environments. */
  config?: string;
}

/** A SQL string literal; values go through this and nothing else. */
export function sqlText(value: string | null): string {
  return value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`;
}

export function sqlNumber(value: number | null): string {
  if (value === null) return "NULL";
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return String(Math.trunc(value));
}

/** Runs SQL against the environment's D1 through wrangler and returns the rows of the last statement. */
export function d1Execute(target: D1Target, sql: string): Record<string, unknown>[] {
  const args = ["d1", "execute", "DB", "--json", "--command", sql];
  if (target.env === "local") {
    args.push("--local");
    const persistTo = target.persistTo ?? process.env.MAILROOM_STATE_DIR;
    if (persistTo) args.push("--persist-to", persistTo);
  } else {
    args.push("--remote", "--env", target.env);
  }
  if (target.config) args.push("--config", target.config);
  const parsed = JSON.parse(runWrangler(args)) as { results?: Record<string, unknown>[] }[];
  return parsed.at(-1)?.results ?? [];
}
