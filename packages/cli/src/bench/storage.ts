// Storage benchmark (issue 22): `node packages/cli/src/bench/storage.ts [--messages N] [--opens N] [--detail]`.
// For each kind of the intake bench, with the object store bound and without it: a fresh local
// D1, `wrangler dev` on it, N messages delivered, then the D1 file read with SQLite's `dbstat`
// (pages of every table and index, as D1 counts its size) and the bucket's objects summed, each
// less what was there before, per message. Then the mix of the four kinds in messages per 500 MB
// (the free plan's D1) and per 10 GB, and the p50 of opening a message (`messages.get` over HTTP).
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { repoRoot, runWrangler } from "../lib/wrangler.ts";
import { startDevWorker, type DevWorker } from "./dev-worker.ts";
import { intakeSamples, type Sample } from "./intake-samples.ts";
import { percentile } from "./percentile.ts";

const usage = "Usage: node packages/cli/src/bench/storage.ts [--messages N (default 100)] [--opens N (default 40)] [--detail]";
const mailbox = "bench@mail.localhost";
const concurrency = 4;
const kib = 1024;
/** The issue's goal with the object store bound: D1 bytes per message, every kind. */
const boundGoal = 2 * kib;

interface Variant {
  name: string;
  bound: boolean;
}

const variants: Variant[] = [
  { name: "R2 bound", bound: true },
  { name: "no R2", bound: false },
];

/** A copy of wrangler.toml without the local R2 binding, for the variant that has none. */
function configWithoutBucket(root: string): string {
  const source = readFileSync(path.join(repoRoot, "wrangler.toml"), "utf8");
  const withoutBucket = source.replace(/\n\[\[r2_buckets\]\]\nbinding = "ATTACHMENTS"\nbucket_name = "[^"]*"\n/, "\n");
  if (withoutBucket === source) throw new Error("wrangler.toml's local [[r2_buckets]] block was not found");
  const file = path.join(root, "wrangler.toml");
  writeFileSync(
    file,
    withoutBucket
      .replace(/^main = "(.*)"$/m, (_, main: string) => `main = ${JSON.stringify(path.join(repoRoot, main))}`)
      .replaceAll('migrations_dir = "migrations"', `migrations_dir = ${JSON.stringify(path.join(repoRoot, "migrations"))}`),
  );
  return file;
}

function findFiles(dir: string, test: (name: string) => boolean): string[] {
  let found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found = found.concat(findFiles(full, test));
    else if (test(entry.name)) found.push(full);
  }
  return found;
}

function d1File(state: string): string {
  const [file, ...others] = findFiles(path.join(state, "v3", "d1"), (name) => /^[0-9a-f]{64}\.sqlite$/.test(name));
  if (!file || others.length > 0) throw new Error(`expected one local D1 file under ${state}`);
  return file;
}

/** Bytes of every table and index (whole pages, as the database file holds them). */
function d1Usage(state: string): Map<string, number> {
  const db = new DatabaseSync(d1File(state));
  try {
    // eslint-disable-next-line no-restricted-syntax -- the bench reads the local D1 file itself (its pages), not the service's data
    const rows = db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all() as { name: string; bytes: number }[];
    return new Map(rows.map((r) => [r.name, r.bytes]));
  } finally {
    db.close();
  }
}

/** Bytes of the local bucket's object contents (miniflare keeps each object as a blob file). */
function r2Bytes(state: string): number {
  let dir: string;
  try {
    dir = path.join(state, "v3", "r2");
    statSync(dir);
  } catch {
    return 0;
  }
  return findFiles(dir, () => true)
    .filter((file) => file.includes(`${path.sep}blobs${path.sep}`))
    .reduce((sum, file) => sum + statSync(file).size, 0);
}

function seed(state: string, token: string): void {
  const now = Date.now();
  const db = new DatabaseSync(d1File(state));
  try {
    db.exec(`INSERT INTO users (id, email, role, created_at, updated_at) VALUES ('bench-user', 'bench@owner.example', 'user', ${String(now)}, ${String(now)});
INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at) VALUES ('bench-box', 'bench-user', 'bench', 'mail.localhost', '${mailbox}', ${String(now)});
INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at) VALUES ('${createHash("sha256").update(token).digest("hex")}', 'bench-user', ${String(now)}, ${String(now + 86_400_000)}, ${String(now)});`);
  } finally {
    db.close();
  }
}

async function deliverAll(worker: DevWorker, sample: Sample, count: number): Promise<void> {
  let next = 0;
  const tag = String(Date.now());
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const raw = sample.build(next++, tag);
        const url = `${worker.base}/cdn-cgi/handler/email?from=${encodeURIComponent(sample.from)}&to=${encodeURIComponent(mailbox)}`;
        const response = await fetch(url, { method: "POST", headers: { "content-type": "message/rfc822" }, body: raw });
        const body = await response.text();
        if (!response.ok) throw new Error(`delivery of ${sample.name} failed: HTTP ${String(response.status)} ${body.slice(0, 300)}`);
      }
    }),
  );
}

async function trpcQuery<T>(worker: DevWorker, token: string, procedure: string, input: unknown): Promise<T> {
  const url = `${worker.base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(url, { headers: { cookie: `app_session=${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${procedure} answered HTTP ${String(response.status)}: ${body.slice(0, 300)}`);
  return (JSON.parse(body) as { result: { data: { json: T } } }).result.data.json;
}

/** p50 of `messages.get` over the stored messages, in turn. */
async function openP50(worker: DevWorker, token: string, opens: number): Promise<number> {
  const { items } = await trpcQuery<{ items: { id: string }[] }>(worker, token, "messages.list", { limit: 50 });
  if (items.length === 0) throw new Error("no message to open");
  const times: number[] = [];
  for (let i = 0; i < opens + 5; i++) {
    const id = items[i % items.length]?.id ?? "";
    const started = performance.now();
    const message = await trpcQuery<{ text: string | null; html: string | null }>(worker, token, "messages.get", { id });
    if (message.text === null && message.html === null) throw new Error(`message ${id} came back without a body`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return percentile(times.sort((a, b) => a - b), 50);
}

interface Measured {
  d1PerMessage: number;
  r2PerMessage: number;
  openP50: number;
  byObject: Map<string, number>;
}

async function measure(root: string, sample: Sample, variant: Variant, messages: number, opens: number): Promise<Measured> {
  const state = mkdtempSync(path.join(root, "state-"));
  const config = variant.bound ? [] : ["--config", configWithoutBucket(mkdtempSync(path.join(root, "config-")))];
  runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state, ...config]);
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  seed(state, token);
  const before = d1Usage(state);
  const r2Before = r2Bytes(state);
  const worker = await startDevWorker(["--persist-to", state, ...config], "/api/system/health");
  let p50: number;
  try {
    await deliverAll(worker, sample, messages);
    p50 = await openP50(worker, token, opens);
  } finally {
    await worker.stop();
  }
  const after = d1Usage(state);
  const byObject = new Map<string, number>();
  for (const [name, bytes] of after) byObject.set(name, (bytes - (before.get(name) ?? 0)) / messages);
  const d1 = [...byObject.values()].reduce((sum, b) => sum + b, 0);
  return { d1PerMessage: d1, r2PerMessage: (r2Bytes(state) - r2Before) / messages, openP50: p50, byObject };
}

const kibText = (bytes: number) => `${(bytes / kib).toFixed(2)} KiB`;

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")}`);
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(
    { options: { messages: { type: "string", default: "100" }, opens: { type: "string", default: "40" }, detail: { type: "boolean", default: false } } },
    usage,
  );
  const messages = Number(values.messages);
  const opens = Number(values.opens);
  if (!Number.isInteger(messages) || messages < 10) throw new UsageError(`--messages must be an integer of at least 10\n\n${usage}`);
  if (!Number.isInteger(opens) || opens < 5) throw new UsageError(`--opens must be an integer of at least 5\n\n${usage}`);
  const samples = intakeSamples(mailbox);
  const root = mkdtempSync(path.join(tmpdir(), "mailroom-bench-storage-"));
  let failed: boolean;
  try {
    console.log(`Storage per message: ${String(messages)} of each kind into a fresh local D1 through wrangler dev, D1 from dbstat, R2 from the bucket's blobs`);
    const results = new Map<string, Map<string, Measured>>();
    for (const variant of variants) {
      const perKind = new Map<string, Measured>();
      for (const sample of samples) perKind.set(sample.name, await measure(root, sample, variant, messages, opens));
      results.set(variant.name, perKind);
    }
    const rows = [["kind", ...variants.flatMap((v) => [`D1/msg, ${v.name}`, `R2/msg, ${v.name}`, `open p50, ${v.name}`])]];
    for (const sample of samples) {
      rows.push([
        sample.name,
        ...variants.flatMap((v) => {
          const m = results.get(v.name)?.get(sample.name);
          if (!m) return ["", "", ""];
          const over = v.bound && m.d1PerMessage > boundGoal;
          return [`${kibText(m.d1PerMessage)}${v.bound ? (over ? " OVER" : " ok") : ""}`, kibText(m.r2PerMessage), `${m.openP50.toFixed(1)} ms`];
        }),
      ]);
    }
    const mix = (v: Variant, pick: (m: Measured) => number) => {
      const all = samples.map((s) => results.get(v.name)?.get(s.name)).filter((m): m is Measured => m !== undefined);
      return all.reduce((sum, m) => sum + pick(m), 0) / Math.max(all.length, 1);
    };
    failed = samples.some((sample) => (results.get("R2 bound")?.get(sample.name)?.d1PerMessage ?? 0) > boundGoal);
    rows.push(["mix (mean of the four)", ...variants.flatMap((v) => [kibText(mix(v, (m) => m.d1PerMessage)), kibText(mix(v, (m) => m.r2PerMessage)), ""])]);
    printTable(rows);
    console.log(`  goal: every kind <= ${kibText(boundGoal)} of D1 per message with R2 bound`);
    for (const variant of variants) {
      const perMessage = mix(variant, (m) => m.d1PerMessage);
      const fmt = (n: number) => Math.floor(n).toLocaleString("en-US");
      console.log(`  ${variant.name}: messages per 500 MB of D1 ${fmt(500e6 / perMessage)}, per 10 GB ${fmt(10e9 / perMessage)} (at the mix)`);
    }
    if (values.detail) {
      for (const variant of variants) {
        for (const sample of samples) {
          const m = results.get(variant.name)?.get(sample.name);
          if (!m) continue;
          const parts = [...m.byObject].filter(([, b]) => Math.abs(b) >= 1).sort((a, b) => b[1] - a[1]);
          console.log(`  ${variant.name}, ${sample.name}: ${parts.map(([name, b]) => `${name} ${b.toFixed(0)}`).join(", ")}`);
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

runMain(main);
