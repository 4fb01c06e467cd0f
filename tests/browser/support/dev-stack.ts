import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopProcessGroup } from "./process-group.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited early with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// `next dev` compiles a route on its first visit and hot-reloads open pages when it does; visiting
// every route once before the tests keeps pages from reloading under a test's hands.
const routes = ["/", "/login", "/register", "/dashboard", "/inbox", "/message", "/admin/invites", "/admin/users", "/admin/settings", "/admin/storage", "/settings/messenger", "/admin/messenger", "/account", "/compose", "/sent", "/offline"];

async function warmUp(webOrigin: string): Promise<void> {
  for (const route of routes) await (await fetch(`${webOrigin}${route}`)).text();
}

export interface DevPorts {
  web: number;
  worker: number;
}

export const originsOf = (ports: DevPorts) => ({ webOrigin: `http://127.0.0.1:${ports.web}`, workerOrigin: `http://127.0.0.1:${ports.worker}` });

export interface DevStack {
  stateDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the app exactly as a developer does (`npm run dev`), on a fresh local state directory,
 * as its own process group so stopping it stops wrangler, workerd and next too.
 */
export async function startDevStack(ports: DevPorts, settings: Record<string, string> = {}): Promise<DevStack> {
  const { webOrigin, workerOrigin } = originsOf(ports);
  const stateDir = mkdtempSync(path.join(tmpdir(), "mailroom-e2e-"));
  const envFile = path.join(stateDir, "worker.env");
  writeFileSync(envFile, Object.entries(settings).map(([name, value]) => `${name}=${value}\n`).join(""));
  const output: string[] = [];
  const child = spawn("npm", ["run", "dev"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MAILROOM_STATE_DIR: stateDir,
      MAILROOM_DEV_ENV_FILE: envFile,
      MAILROOM_WEB_PORT: String(ports.web),
      MAILROOM_WORKER_PORT: String(ports.worker),
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const stop = async () => {
    await stopProcessGroup(child, 1_000);
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${workerOrigin}/api/system/health`, 120_000, child);
    await waitFor(`${webOrigin}/api/system/health`, 120_000, child);
    await warmUp(webOrigin);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n--- npm run dev output ---\n${output.join("")}`);
  }
  return { stateDir, stop };
}
