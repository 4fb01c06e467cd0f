// A `wrangler dev` for a benchmark: its own free ports (other people's wrangler may hold 8787
// and 9229), its own local state, its log lines kept, stopped as one process group.
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { freePorts } from "../lib/free-ports.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { startWrangler } from "../lib/wrangler.ts";

export interface DevWorker {
  base: string;
  /** The process group: wrangler, its helpers and workerd. */
  pgid: number;
  /** Worker log lines printed since the last `takeLines()`. */
  takeLines(): string[];
  /** Whether it still runs, else how it ended, with the last lines it wrote to stderr: for a failure report. */
  status(): string;
  stop(): Promise<void>;
}

async function waitUntilAnswering(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${String(child.exitCode)}`);
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("wrangler dev did not answer within 90 s");
}

/** Stops wrangler dev and its workerd children (one process group), waiting until it is gone. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const { pid } = child;
  if (pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => { resolve(); }));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group is already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => { signal("SIGKILL"); }, 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `wrangler dev` with `args` (config, state, vars) on free ports and waits until `readyPath`
 * answers.
 */
export async function startDevWorker(args: readonly string[], readyPath: string): Promise<DevWorker> {
  const [port = 0, inspectorPort = 0] = await freePorts(2);
  const child = startWrangler(["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort), ...args], { output: "pipe" });
  const { pid } = child;
  if (pid === undefined || !child.stdout) throw new Error("could not start wrangler dev");
  let lines: string[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => lines.push(line));
  const errors: string[] = [];
  if (child.stderr) {
    createInterface({ input: child.stderr }).on("line", (line) => {
      errors.push(line);
      if (errors.length > 40) errors.shift();
    });
  }
  const base = `http://127.0.0.1:${String(port)}`;
  try {
    await waitUntilAnswering(child, `${base}${readyPath}`);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return {
    base,
    pgid: pid,
    takeLines: () => {
      const taken = lines;
      lines = [];
      return taken;
    },
    status: () => {
      const state = child.exitCode === null && child.signalCode === null ? "running" : `exited (code ${String(child.exitCode)}, signal ${String(child.signalCode)})`;
      const tail = (name: string, all: string[]) => (all.length > 0 ? `; last ${name} lines:\n    ${all.slice(-15).join("\n    ")}` : "");
      return `${base}: ${state}${tail("stdout", lines)}${tail("stderr", errors)}`;
    },
    stop: () => stopGroup(child),
  };
}
