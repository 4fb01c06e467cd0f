import { spawnSync } from "node:child_process";
import { inject } from "vitest";
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
