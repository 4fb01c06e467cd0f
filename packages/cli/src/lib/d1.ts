import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { nodeProcess as process } from "./node-process.ts";

export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export interface D1Target {
  /** `local` (wrangler's local state) or a remote environment. */
  env: "local" | "staging" | "production";
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
  const result = spawnSync("wrangler", args, {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error) throw new Error(`could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) {
    const detail = `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-8).join("\n");
    throw new Error(`wrangler d1 execute failed:\n${detail}`);
  }
  const parsed = JSON.parse(result.stdout) as { results?: Record<string, unknown>[] }[];
  return parsed.at(-1)?.results ?? [];
}
