// Intake benchmark (issue 16): `node packages/cli/src/bench/intake.ts [--messages N] [--runs N] [--kind TEXT]`.
// Boots Mailroom's `wrangler dev` (own state, BENCH_COUNTERS on) and a no-op `email()` worker under
// the same wrangler, delivers each kind of mail to both at concurrency 4, and reads the CPU of each
// wrangler process group from /proc before a batch and after it is back at rest (so `waitUntil`
// work counts), minus the idle rate. Prints per kind, as the median of the runs: Mailroom's CPU per
// message net of the no-op floor, the floor itself, p50/p95 latency, msg/s, and the D1 round trips,
// KV reads and R2 writes per message that the worker counted (its bench-only tally, read over
// HTTP: a log line per message would itself cost the local runtime CPU). Then postal-mime alone,
// and routing's own steps alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import PostalMime from "postal-mime";
import { authenticationFields, blockingRules, readAuthentication, sendersIn, splitPlusAddress } from "@mailroom/api/cli";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { runWrangler } from "../lib/wrangler.ts";
import { startDevWorker, type DevWorker } from "./dev-worker.ts";
import { intakeSamples, type Sample } from "./intake-samples.ts";
import { percentile } from "./percentile.ts";
import { groupCpuMs, idleRate, settle } from "./process-cpu.ts";

const usage = "Usage: node packages/cli/src/bench/intake.ts [--messages N (>= 20, default 30)] [--runs N (default 5)] [--kind TEXT]";
const concurrency = 4;
const warmups = 3;
const mailbox = "bench@mail.localhost";
/** The goals: worker CPU per message net of the no-op floor, in ms. */
const goals: Record<string, number> = { "plain 2 KiB": 10, "HTML 61 KiB": 15, "GBK 12 KiB": 12, "~1 MiB attachment": 40 };

const noopWorker = `export default {
  async email() {},
  async fetch() { return new Response("ok"); },
};
`;

interface Batch {
  cpuPerMessage: number;
  latencies: number[];
  perSecond: number;
}

interface Counts {
  d1: number;
  kvReads: number;
  r2Writes: number;
}

interface RunResult {
  net: number;
  mailroom: number;
  floor: number;
  p50: number;
  p95: number;
  perSecond: number;
  counts: Counts;
}

// wrangler's dev proxy now and then drops a forwarded request ("Network connection lost"; since
// 4.156 it fails that request only, workers-sdk #15317), and the no-op worker, which never reads
// the message, now and then has its connection closed while a 1 MiB message is still being sent
// ("other side closed"). Such a delivery is made again, and counted per worker in the report.
const connectionLost = /Network connection lost/;
const maxRetries = 2;
const retried = new Map<string, number>();

async function deliver(worker: DevWorker, sample: Sample, raw: Uint8Array): Promise<number> {
  const url = `${worker.base}/cdn-cgi/handler/email?from=${encodeURIComponent(sample.from)}&to=${encodeURIComponent(mailbox)}`;
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const again = () => {
      retried.set(worker.base, (retried.get(worker.base) ?? 0) + 1);
    };
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", headers: { "content-type": "message/rfc822" }, body: raw });
    } catch (error) {
      if (attempt < maxRetries) {
        again();
        continue;
      }
      throw new Error(`delivery of ${sample.name} to ${worker.base} failed`, { cause: error });
    }
    const body = await response.text();
    if (response.ok) return performance.now() - started;
    if (response.status === 500 && connectionLost.test(body) && attempt < maxRetries) {
      again();
      continue;
    }
    throw new Error(`delivery of ${sample.name} to ${worker.base} failed: HTTP ${String(response.status)} ${body.slice(0, 300)}`);
  }
}

/** Delivers `messages` (built beforehand) with `concurrency` in flight; each one's latency and the wall time. */
async function deliverAll(worker: DevWorker, sample: Sample, messages: Uint8Array[]): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < messages.length) {
        const raw = messages[next++];
        if (raw) latencies.push(await deliver(worker, sample, raw));
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

let batchCounter = 0;

/** One batch: CPU of the worker's process group per message, from rest to rest, less its idle rate. */
async function batch(worker: DevWorker, sample: Sample, count: number): Promise<Batch> {
  const tag = `${String(Date.now())}-${String(batchCounter++)}`;
  const messages = Array.from({ length: count }, (_, i) => sample.build(i, tag));
  const rate = await idleRate(worker.pgid, 1500);
  const cpuBefore = groupCpuMs(worker.pgid);
  const started = performance.now();
  const { latencies, wallMs } = await deliverAll(worker, sample, messages);
  await settle(worker.pgid, rate);
  const cpu = groupCpuMs(worker.pgid) - cpuBefore - rate * (performance.now() - started);
  return { cpuPerMessage: cpu / count, latencies: latencies.sort((a, b) => a - b), perSecond: (count * 1000) / wallMs };
}

interface Tally extends Counts {
  messages: number;
}

/** The worker's running tally of binding calls (BENCH_COUNTERS), summed over the messages it took. */
async function tallyOf(worker: DevWorker): Promise<Tally> {
  const response = await fetch(`${worker.base}/api/system/bench-counters`);
  if (!response.ok) throw new Error(`bench counters: HTTP ${String(response.status)}`);
  return response.json<Tally>();
}

/** The mean calls per message between two tallies. */
function countsBetween(before: Tally, after: Tally): Counts {
  const messages = Math.max(after.messages - before.messages, 1);
  const mean = (field: keyof Counts) => (after[field] - before[field]) / messages;
  return { d1: mean("d1"), kvReads: mean("kvReads"), r2Writes: mean("r2Writes") };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

function printTable(samples: Sample[], results: Map<string, RunResult[]>): void {
  const rows = [["kind", "CPU/msg net of floor", "goal", "Mailroom CPU/msg", "no-op floor", "p50", "p95", "msg/s", "D1", "KV reads", "R2 writes"]];
  for (const sample of samples) {
    const runs = results.get(sample.name) ?? [];
    const med = (pick: (r: RunResult) => number) => median(runs.map(pick));
    const net = med((r) => r.net);
    const goal = goals[sample.name];
    rows.push([
      sample.name,
      ms(net),
      goal === undefined ? "" : `<= ${String(goal)} ms ${net <= goal ? "ok" : "OVER"}`,
      ms(med((r) => r.mailroom)),
      ms(med((r) => r.floor)),
      ms(med((r) => r.p50)),
      ms(med((r) => r.p95)),
      med((r) => r.perSecond).toFixed(1),
      count(med((r) => r.counts.d1)),
      count(med((r) => r.counts.kvReads)),
      count(med((r) => r.counts.r2Writes)),
    ]);
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")}`);
}

/** One kind once: a batch to the no-op floor, then the same batch to Mailroom. */
async function measureKind(workers: BenchWorkers, sample: Sample, perKind: number): Promise<RunResult> {
  const noop = await batch(workers.floor, sample, perKind);
  const before = await tallyOf(workers.mailroom);
  const ours = await batch(workers.mailroom, sample, perKind);
  const counts = countsBetween(before, await tallyOf(workers.mailroom));
  return {
    net: ours.cpuPerMessage - noop.cpuPerMessage,
    mailroom: ours.cpuPerMessage,
    floor: noop.cpuPerMessage,
    p50: percentile(ours.latencies, 50),
    p95: percentile(ours.latencies, 95),
    perSecond: ours.perSecond,
    counts,
  };
}

/** Every kind, `runs` times. */
async function measure(workers: BenchWorkers, samples: Sample[], runs: number, perKind: number, results: Map<string, RunResult[]>): Promise<void> {
  for (let run = 0; run < runs; run++) {
    for (const sample of samples) {
      const result = await measureKind(workers, sample, perKind);
      results.set(sample.name, [...(results.get(sample.name) ?? []), result]);
      console.log(`  run ${String(run + 1)} ${sample.name.padEnd(18)} net ${ms(result.net)} (Mailroom ${ms(result.mailroom)}, floor ${ms(result.floor)}), p50 ${ms(result.p50)}, D1 ${count(result.counts.d1)}`);
    }
  }
}

interface BenchWorkers {
  mailroom: DevWorker;
  floor: DevWorker;
}

async function warmUp(worker: DevWorker, samples: Sample[]): Promise<void> {
  for (const sample of samples) {
    for (let i = 0; i < warmups; i++) await deliver(worker, sample, sample.build(-1 - i, `warm-${String(Date.now())}`));
  }
}

async function parseOnly(samples: Sample[], rounds: number): Promise<void> {
  console.log("Parse only (postal-mime in Node, the parser intake uses):");
  for (const sample of samples) {
    const raw = sample.build(0, "parse");
    for (let i = 0; i < 3; i++) await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer" });
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer" });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${sample.name.padEnd(20)} ${String(Math.round(raw.byteLength / 1024)).padStart(5)} KiB raw   p50 ${ms(percentile(times, 50))}   p95 ${ms(percentile(times, 95))}`);
  }
}

/** A realistic blocklist for the routing timing: the owner's 40 entries and 10 global ones. */
function sampleBlockRules(): Map<string, { id: string; global: boolean }> {
  const rules = new Map<string, { id: string; global: boolean }>();
  for (let i = 0; i < 40; i++) rules.set(i % 2 === 0 ? `spam${String(i)}@junk.example` : `*.junk${String(i)}.example`, { id: `r${String(i)}`, global: false });
  for (let i = 0; i < 10; i++) rules.set(`bulk${String(i)}.example`, { id: `g${String(i)}`, global: true });
  return rules;
}

/**
 * The CPU routing added to each message (issue 23), in Node: the plus tag, the senders and the
 * block rules, and the SPF/DKIM/DMARC verdict read from the header block. Everything else intake
 * does is unchanged, so this is what the per-kind figures above can have grown by.
 */
function routingOnly(samples: Sample[], rounds: number): void {
  console.log("Routing's own steps (Node: plus tag, senders against 50 block rules, the authentication verdict):");
  const rules = sampleBlockRules();
  const route = (raw: Uint8Array) => {
    const address = splitPlusAddress(`bench+tag-${String(raw.byteLength)}@mail.localhost`);
    const blocked = blockingRules(rules, sendersIn("bounce@shop.example", "Shop <news@shop.example>"));
    return { address, blocked, verdict: readAuthentication(authenticationFields(raw)) };
  };
  for (const sample of samples) {
    const raw = sample.build(0, "route");
    for (let i = 0; i < 50; i++) route(raw);
    const times: number[] = [];
    for (let i = 0; i < Math.max(rounds, 200); i++) {
      const started = performance.now();
      route(raw);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const fine = (value: number) => `${value.toFixed(3)} ms`;
    console.log(`  ${sample.name.padEnd(20)} p50 ${fine(percentile(times, 50))}   p95 ${fine(percentile(times, 95))}   (goal: under 1 ms a message)`);
  }
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(
    { options: { messages: { type: "string", default: "30" }, runs: { type: "string", default: "5" }, kind: { type: "string" } } },
    usage,
  );
  const perKind = Number(values.messages);
  const runs = Number(values.runs);
  if (!Number.isInteger(perKind) || perKind < 20) throw new UsageError(`--messages must be an integer of at least 20\n\n${usage}`);
  if (!Number.isInteger(runs) || runs < 1) throw new UsageError(`--runs must be a positive integer\n\n${usage}`);
  const samples = intakeSamples(mailbox).filter((s) => values.kind === undefined || s.name.includes(values.kind));
  if (samples.length === 0) throw new UsageError(`no kind matches ${String(values.kind)}\n\n${usage}`);

  const root = mkdtempSync(path.join(tmpdir(), "mailroom-bench-intake-"));
  const workers: DevWorker[] = [];
  try {
    const state = path.join(root, "state");
    runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
    const now = Date.now();
    runWrangler([
      "d1", "execute", "DB", "--local", "--persist-to", state, "--command",
      `INSERT INTO users (id, email, role, created_at, updated_at) VALUES ('bench-user', 'bench@owner.example', 'user', ${String(now)}, ${String(now)});` +
        `INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at) VALUES ('bench-box', 'bench-user', 'bench', 'mail.localhost', '${mailbox}', ${String(now)});`,
    ]);
    const noopDir = path.join(root, "noop");
    mkdirSync(noopDir);
    writeFileSync(path.join(noopDir, "noop.mjs"), noopWorker);
    writeFileSync(path.join(noopDir, "wrangler.toml"), 'name = "noop-email"\nmain = "noop.mjs"\ncompatibility_date = "2026-07-01"\n');
    const mailroom = await startDevWorker(["--persist-to", state, "--var", "BENCH_COUNTERS:true"], "/api/system/health");
    workers.push(mailroom);
    const floor = await startDevWorker(["--config", path.join(noopDir, "wrangler.toml"), "--persist-to", path.join(root, "noop-state")], "/");
    workers.push(floor);

    console.log(`Intake through wrangler dev: ${String(perKind)} messages per kind at concurrency ${String(concurrency)}, median of ${String(runs)} runs`);
    console.log(`  load average at start: ${load()} (2-core machine shared with others; single runs swing, hence the medians)`);
    await warmUp(mailroom, samples);
    await warmUp(floor, samples);
    const results = new Map<string, RunResult[]>();
    try {
      await measure({ mailroom, floor }, samples, runs, perKind, results);
    } catch (error) {
      // Say which wrangler failed and how, not only that a fetch did.
      const causes: string[] = [];
      for (let e: unknown = error; e instanceof Error; e = e.cause) causes.push(e.message);
      console.error(`a batch failed: ${causes.join(": ")}\nMailroom ${mailroom.status()}\nno-op floor ${floor.status()}`);
      throw error;
    }
    console.log("Worker CPU per message (whole wrangler process group, idle rate subtracted), medians:");
    printTable(samples, results);
    const names = new Map([[mailroom.base, "Mailroom"], [floor.base, "the no-op floor"]]);
    const redone = [...retried].map(([base, times]) => `${String(times)} to ${names.get(base) ?? base}`);
    console.log(`  load average at end: ${load()}`);
    if (redone.length > 0) console.log(`  deliveries made again after their connection dropped: ${redone.join(", ")}`);
  } finally {
    for (const worker of workers) await worker.stop();
    rmSync(root, { recursive: true, force: true });
  }
  await parseOnly(samples, perKind);
  routingOnly(samples, perKind);
  return 0;
}

runMain(main);
