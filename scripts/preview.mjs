#!/usr/bin/env node
// `npm run preview`: the production shape on this machine. The web app is built for Pages exactly
// as the pipeline builds it (`pages:build`, run for real, never replayed from turbo's cache), then
// served by `wrangler pages dev`; the worker runs under `wrangler dev`; and one front door on one
// origin sends /api/* to the worker and everything else to Pages, as the front-end domain's route
// does when deployed. Local D1/KV/R2 state as `npm run dev` (MAILROOM_STATE_DIR moves it); the
// worker's crons fire on their schedule. MAILROOM_WEB_PORT (3000) is the front door,
// MAILROOM_WORKER_PORT (8787) the worker; Pages takes a free port. MAILROOM_PREVIEW_SKIP_BUILD=1
// serves the last build as it is.
import { spawn, spawnSync } from "node:child_process";
import { createServer, request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { fileURLToPath } from "node:url";
import { localCrons, startDevCrons } from "./dev-crons.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const stateDir = process.env.MAILROOM_STATE_DIR;
const persist = stateDir ? ["--persist-to", stateDir] : [];
const envFile = process.env.MAILROOM_DEV_ENV_FILE;
const webPort = Number(process.env.MAILROOM_WEB_PORT ?? "3000");
const workerPort = Number(process.env.MAILROOM_WORKER_PORT ?? "8787");
const { NODE_ENV: _ignored, ...inherited } = process.env;
const env = {
  ...inherited,
  PATH: `${root}node_modules/.bin:${process.env.PATH ?? ""}`,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
  TURBO_TELEMETRY_DISABLED: "1",
};
const children = [];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`[preview] ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

function start(name, command, args, cwd = root) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  child.on("exit", (code) => {
    console.error(`[preview] ${name} stopped (${code ?? "signal"}); stopping the rest`);
    stopAll(1);
  });
  children.push(child);
  return child;
}

function stopAll(code) {
  for (const child of children) {
    child.removeAllListeners("exit");
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  process.exit(code);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, what) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 400));
    }
  }
  console.error(`[preview] ${what} did not answer at ${url}`);
  stopAll(1);
}

/** One origin for the browser: /api/* to the worker, the rest to Pages, bodies and headers as they are. */
function frontDoor(pagesPort) {
  return createServer((incoming, outgoing) => {
    const toWorker = incoming.url === "/api" || incoming.url?.startsWith("/api/") || incoming.url?.startsWith("/api?");
    const port = toWorker ? workerPort : pagesPort;
    const forwarded = request(
      { host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: `127.0.0.1:${webPort}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`The ${toWorker ? "worker" : "Pages server"} did not answer: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
}

run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist]);
if (process.env.MAILROOM_PREVIEW_SKIP_BUILD !== "1") run("npm", ["run", "pages:build", "-w", "@mailroom/web"]);

start("wrangler dev (worker)", "wrangler", ["dev", "--ip", "127.0.0.1", "--port", String(workerPort), ...persist, ...(envFile ? ["--env-file", envFile] : [])]);
// Pages gets its port once the worker is up: a port picked while wrangler was still starting
// could be handed to one of its own sockets before Pages binds it ("Address already in use").
await waitFor(`http://127.0.0.1:${workerPort}/api/system/health`, "the worker");
const pagesPort = await freePort();
start("wrangler pages dev", "wrangler", [
  "pages", "dev", "apps/web/.vercel/output/static", "--ip", "127.0.0.1", "--port", String(pagesPort),
  "--compatibility-date", "2026-07-01", "--compatibility-flags", "nodejs_compat",
  ...(stateDir ? ["--persist-to", `${stateDir}/pages`] : []),
]);
await waitFor(`http://127.0.0.1:${pagesPort}/`, "Pages");
frontDoor(pagesPort).listen(webPort, "127.0.0.1", () => {
  console.log(`[preview] the production shape on http://127.0.0.1:${webPort} (Pages build on :${pagesPort}, worker on :${workerPort} behind /api/*)`);
});
const stopCrons = process.env.MAILROOM_DEV_CRONS === "off" ? () => undefined : startDevCrons(localCrons(`${root}wrangler.toml`), `http://127.0.0.1:${workerPort}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopCrons();
    stopAll(0);
  });
}
