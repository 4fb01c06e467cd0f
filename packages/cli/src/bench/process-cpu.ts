// CPU time of a whole process group (wrangler, its Node helpers and workerd) read from /proc,
// so a benchmark counts every process that works for a message, not just the one it started.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** User + system CPU of every live process in group `pgid` (and of its reaped children), in ms. */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // The process ended between the listing and the read.
    }
    // Fields after the command name (which may hold spaces and parentheses): state is [0], pgrp [2],
    // utime [11], stime [12], cutime [13], cstime [14] (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index] ?? 0);
  }
  return (ticks * 1000) / ticksPerSecond;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The group's CPU use at rest, in ms of CPU per ms of wall time, measured over `windowMs`. */
export async function idleRate(pgid: number, windowMs: number): Promise<number> {
  const cpu = groupCpuMs(pgid);
  const started = performance.now();
  await sleep(windowMs);
  return (groupCpuMs(pgid) - cpu) / (performance.now() - started);
}

/**
 * Waits until the group is back at rest (background work such as `waitUntil` finished): two
 * consecutive windows at most one clock tick above the idle rate, or `maxMs` at the latest.
 */
export async function settle(pgid: number, rate: number, maxMs = 15_000): Promise<void> {
  const windowMs = 400;
  const tick = 1000 / ticksPerSecond;
  const deadline = performance.now() + maxMs;
  let quiet = 0;
  while (quiet < 2 && performance.now() < deadline) {
    const cpu = groupCpuMs(pgid);
    const started = performance.now();
    await sleep(windowMs);
    const used = groupCpuMs(pgid) - cpu;
    quiet = used <= rate * (performance.now() - started) + tick ? quiet + 1 : 0;
  }
}
