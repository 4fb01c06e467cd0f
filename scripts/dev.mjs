#!/usr/bin/env node
// `npm run dev`: apply local D1 migrations, then run the worker (127.0.0.1:8787) and the web app
// (127.0.0.1:3000, forwarding /api/* to the worker) through turbo. MAILROOM_STATE_DIR moves the
// local D1/KV/R2 state elsewhere, and MAILROOM_DEV_ENV_FILE gives the worker its settings from
// that file instead of .dev.vars (the browser tests use both: fresh state, fake third parties).
// MAILROOM_WORKER_PORT and MAILROOM_WEB_PORT move the two servers off 8787 and 3000. The worker's
// crons fire on their schedules too (wrangler dev does not fire them); MAILROOM_DEV_CRONS=off stops that.
import { spawnSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { localCrons, startDevCrons } from "./dev-crons.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const stateDir = process.env.MAILROOM_STATE_DIR;
const persist = stateDir ? ["--persist-to", stateDir] : [];
const envFile = process.env.MAILROOM_DEV_ENV_FILE;
const devArgs = [...persist, ...(envFile ? ["--env-file", envFile] : [])];
// A NODE_ENV inherited from a test runner would put `next dev` in the wrong mode.
const { NODE_ENV: _ignored, ...inherited } = process.env;
const workerPort = process.env.MAILROOM_WORKER_PORT ?? "8787";
const env = {
  ...inherited,
  MAILROOM_WORKER_PORT: workerPort,
  API_PROXY_TARGET: process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${workerPort}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
  TURBO_TELEMETRY_DISABLED: "1",
  WRANGLER_DEV_ARGS: devArgs.join(" "),
};

const migrate = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], {
  cwd: root,
  env,
  stdio: "inherit",
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const turbo = spawn("turbo", ["run", "dev", "--filter=@mailroom/worker", "--filter=@mailroom/web"], {
  cwd: root,
  env,
  stdio: "inherit",
});
const stopCrons = process.env.MAILROOM_DEV_CRONS === "off" ? () => undefined : startDevCrons(localCrons(`${root}wrangler.toml`), `http://127.0.0.1:${workerPort}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => turbo.kill(signal));
turbo.on("exit", (code) => {
  stopCrons();
  process.exit(code ?? 0);
});
