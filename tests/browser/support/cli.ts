import { spawnSync } from "node:child_process";
import { inject } from "vitest";
import { retryWhileBusySync } from "../../../packages/cli/src/lib/sqlite-busy.ts";
import { repoRoot } from "./dev-stack.ts";

/** Runs `npm run <script> -- args` against the browser suite's dev stack state, as an operator would. */
export function npmRun(script: string, args: string[], input = ""): string {
  const result = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input,
    env: { ...process.env, MAILROOM_STATE_DIR: inject("stateDir"), MAILROOM_WORKER_PORT: new URL(inject("workerOrigin")).port },
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Runs SQL on the dev stack's local D1 through wrangler, as `wrangler d1 execute --local` would for
 * an operator: for state that takes days to arise by itself (history, a database grown large).
 */
export function d1Execute(sql: string): void {
  // The dev stack's crons may hold the file's lock for a moment, as for the CLI.
  retryWhileBusySync(() => {
    d1ExecuteOnce(sql);
  });
}

function d1ExecuteOnce(sql: string): void {
  const bin = `${repoRoot}/node_modules/.bin`;
  const result = spawnSync(`${bin}/wrangler`, ["d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--command", sql], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed (${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
}

/** Runs the worker's every-minute cron once, as the platform's trigger would. */
export async function runMinuteCron(): Promise<void> {
  const res = await fetch(`${inject("workerOrigin")}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`);
  if (!res.ok) throw new Error(`the cron answered ${String(res.status)}: ${await res.text()}`);
}
