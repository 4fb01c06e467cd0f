import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeProcess as process } from "./node-process.ts";

export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

// The repository's wrangler and the Node 22 it needs come first on PATH, so a command works under
// plain `node` as well as `npm run`; network cf lookups and telemetry stay off.
const wranglerEnv = {
  ...process.env,
  PATH: `${path.join(repoRoot, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

export interface RunWranglerOptions {
  /** Written to wrangler's stdin (a secret's value). */
  input?: string;
  /** Lets the operator see wrangler's own output instead of capturing it. */
  showOutput?: boolean;
}

/** Runs wrangler from the repository root to completion and returns its stdout; throws unless it exits 0. */
export function runWrangler(args: readonly string[], options: RunWranglerOptions = {}): string {
  // stdout and stderr are null when inherited, whatever the declared type says.
  const result: SpawnSyncReturns<string | null> = spawnSync("wrangler", args, {
    cwd: repoRoot,
    encoding: "utf8",
    env: wranglerEnv,
    input: options.input,
    stdio: options.showOutput ? ["pipe", "inherit", "inherit"] : "pipe",
  });
  if (result.error) throw new Error(`could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-8).join("\n");
    throw new Error(`wrangler ${args.slice(0, 2).join(" ")} failed (exit ${String(result.status)})${output ? `:\n${output}` : ""}`);
  }
  return result.stdout ?? "";
}

/**
 * Starts a long-running wrangler (dev) in its own process group, so stopping the group stops
 * workerd too. With `output: "pipe"` the caller reads its stdout (the worker's log lines) and
 * stderr (wrangler's and workerd's own complaints).
 */
export function startWrangler(args: readonly string[], options: { output?: "ignore" | "pipe" } = {}): ChildProcess {
  const output = options.output ?? "ignore";
  return spawn("wrangler", args, { cwd: repoRoot, env: wranglerEnv, detached: true, stdio: ["ignore", output, output] });
}
