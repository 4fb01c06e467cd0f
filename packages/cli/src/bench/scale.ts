// Listing and retention at scale (issue 16): `node packages/cli/src/bench/scale.ts [--rounds N]`.
// Seeds one owner's 50 mailboxes in a fresh local D1, first with 1,000 messages, then with
// 100,000, as rows stored before search words were kept (migration 0021), so the every-minute
// cron's backfill gives them their words first (and is timed). Then times `messages.list` over
// HTTP through `wrangler dev` (newest 20, one mailbox, a page half-way down the cursor, three
// searches) at both sizes. Then 20,000 of the messages expire and the retention cron runs until
// none is left, each run in bounded batches.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { runWrangler } from "../lib/wrangler.ts";
import { startDevWorker, type DevWorker } from "./dev-worker.ts";
import { percentile } from "./percentile.ts";

const usage = "Usage: node packages/cli/src/bench/scale.ts [--rounds N (default 40)]";
const mailboxCount = 50;
const spacingMs = 26_000;
const expiring = 20_000;
const dayMs = 86_400_000;

interface ListCase {
  name: string;
  /** The tRPC query; `messages.list` unless said. */
  procedure?: string;
  input: (size: number) => Record<string, unknown> | undefined;
}

// Message i (1 = newest) came in i × 26 s ago; ids sort like their age.
const messageId = (i: number) => `m${String(i).padStart(7, "0")}`;

function cursorAt(now: number, i: number): string {
  return btoa(`${String(now - i * spacingMs)}:${messageId(i)}`);
}

function listCases(now: number): ListCase[] {
  return [
    { name: "newest 20", input: () => ({ limit: 20 }) },
    { name: "one mailbox, newest 20", input: () => ({ limit: 20, mailboxId: "box-7" }) },
    { name: "page half-way down the cursor", input: (size) => ({ limit: 20, cursor: cursorAt(now, Math.floor(size / 2)) }) },
    { name: 'search "billing" (1 in 4)', input: () => ({ limit: 20, query: "billing" }) },
    { name: 'search "sender17." (11 in 200)', input: () => ({ limit: 20, query: "sender17." }) },
    { name: 'search "order 000777" (1 match)', input: () => ({ limit: 20, query: "order 000777" }) },
    // The inbox and the dashboard load it with every list: 50 mailboxes with their unread counts.
    { name: "mailboxes.list with unread counts", procedure: "mailboxes.list", input: () => undefined },
  ];
}

/** SQL that adds messages `from`..`to` (inclusive) to the owner's 50 mailboxes; every tenth has an attachment row. */
function seedMessages(now: number, from: number, to: number): string {
  const range = `WITH RECURSIVE n(i) AS (SELECT ${String(from)} UNION ALL SELECT i + 1 FROM n WHERE i < ${String(to)})`;
  return `${range}
INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, from_address, from_name, to_address, subject, text_body,
                      html_body, headers, size, raw_key, notice, recognition_kind, recognition_value, recognition_source, received_at, expires_at)
SELECT printf('m%07d', i), 'box-' || (i % ${String(mailboxCount)}), 'bench-user', printf('<%d@bench.example>', i), 'bounce@bench.example',
       printf('news%d@sender%d.example', i % 7, i % 200),
       CASE i % 4 WHEN 0 THEN 'Acme Billing' WHEN 1 THEN 'Nimbus Alerts' WHEN 2 THEN 'Orbit Shop' ELSE 'Pixel News' END,
       printf('bench%d@mail.localhost', i % ${String(mailboxCount)}),
       printf('Your code %06d for order %06d', (i * 7919) % 1000000, i),
       printf('Your code is %06d. ', (i * 7919) % 1000000) || replace(hex(zeroblob(170)), '00', 'lorem ipsum '),
       NULL, '[]', 2400, printf('raw/m%07d.eml', i), NULL, 'code', printf('%06d', (i * 7919) % 1000000), 'rules',
       ${String(now)} - i * ${String(spacingMs)}, ${String(now + 30 * dayMs)}
FROM n;
${range}
INSERT INTO attachments (id, message_id, filename, content_type, size, content_id, disposition, storage_key, skipped_reason, created_at)
SELECT printf('a%07d', i), printf('m%07d', i), 'invoice.pdf', 'application/pdf', 40000, NULL, 'attachment', printf('att/m%07d/a', i), NULL, ${String(now)}
FROM n WHERE i % 10 = 0;`;
}

function seedOwner(now: number, sessionId: string): string {
  const boxes = Array.from(
    { length: mailboxCount },
    (_, b) => `('box-${String(b)}', 'bench-user', 'bench${String(b)}', 'mail.localhost', 'bench${String(b)}@mail.localhost', ${String(now)})`,
  );
  return `INSERT INTO users (id, email, role, created_at, updated_at) VALUES ('bench-user', 'bench@owner.example', 'user', ${String(now)}, ${String(now)});
INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at) VALUES ${boxes.join(", ")};
INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at) VALUES ('${sessionId}', 'bench-user', ${String(now)}, ${String(now + 30 * dayMs)}, ${String(now + dayMs)});`;
}

function execute(state: string, root: string, sql: string): number {
  const file = path.join(root, "seed.sql");
  writeFileSync(file, sql);
  const started = performance.now();
  runWrangler(["d1", "execute", "DB", "--local", "--persist-to", state, "--file", file]);
  return performance.now() - started;
}

interface Timing {
  p50: number;
  p95: number;
  items: number;
}

async function timeList(worker: DevWorker, token: string, listCase: ListCase, size: number, rounds: number): Promise<Timing> {
  const input = listCase.input(size);
  const procedure = listCase.procedure ?? "messages.list";
  const url = `${worker.base}/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`;
  const headers = { cookie: `app_session=${token}` };
  let items = 0;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${procedure} answered HTTP ${String(response.status)}: ${body.slice(0, 300)}`);
    const data = (JSON.parse(body) as { result: { data: { json: { items: unknown[] } | unknown[] } } }).result.data.json;
    items = (Array.isArray(data) ? data : data.items).length;
    return elapsed;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), items };
}

interface Backfill {
  runs: number;
  messages: number;
  wallMs: number;
}

/** The cron's line for one run of `cron`, read from the worker's log. */
async function cronReport(worker: DevWorker, cron: string, field: string): Promise<{ wallMs: number; report: unknown }> {
  worker.takeLines();
  const started = performance.now();
  const response = await fetch(`${worker.base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
  await response.text();
  const wallMs = performance.now() - started;
  if (!response.ok) throw new Error(`the cron answered HTTP ${String(response.status)}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const line = worker.takeLines().find((l) => l.includes(`"${field}"`));
  if (!line) throw new Error(`the cron logged no ${field} report`);
  return { wallMs, report: (JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown>)[field] };
}

/** Runs the every-minute cron until seeded messages all have their search words (migration 0021's backfill). */
async function backfillSearchTerms(worker: DevWorker): Promise<Backfill> {
  const done: Backfill = { runs: 0, messages: 0, wallMs: 0 };
  for (;;) {
    const { wallMs, report } = await cronReport(worker, "* * * * *", "searchBackfill");
    if (typeof report !== "number") throw new Error("the cron reported no search backfill count");
    if (report === 0) return done;
    done.runs += 1;
    done.messages += report;
    done.wallMs += wallMs;
  }
}

async function measureLists(state: string, token: string, cases: ListCase[], size: number, rounds: number): Promise<{ timings: Timing[]; backfill: Backfill }> {
  const worker = await startDevWorker(["--persist-to", state], "/api/system/health");
  try {
    const backfill = await backfillSearchTerms(worker);
    const timings: Timing[] = [];
    for (const listCase of cases) timings.push(await timeList(worker, token, listCase, size, rounds));
    return { timings, backfill };
  } finally {
    await worker.stop();
  }
}

interface RetentionRun {
  wallMs: number;
  messages: number;
  objects: number;
}

/** Triggers the cron until a run deletes no message; each run's wall time and what it deleted. */
async function runRetention(state: string): Promise<RetentionRun[]> {
  const worker = await startDevWorker(["--persist-to", state], "/api/system/health");
  try {
    const runs: RetentionRun[] = [];
    for (let run = 0; run < 30; run++) {
      const { wallMs, report } = await cronReport(worker, "17 3 * * *", "retention");
      const { messages, messageObjects } = report as { messages: number; messageObjects: number };
      runs.push({ wallMs, messages, objects: messageObjects });
      if (messages === 0) break;
    }
    return runs;
  } finally {
    await worker.stop();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printLists(cases: ListCase[], small: Timing[], large: Timing[]): void {
  const rows = [["call", "p50 at 1k", "p95 at 1k", "p50 at 100k", "p95 at 100k", "p50 100k/1k", "items"]];
  cases.forEach((listCase, i) => {
    const a = small[i];
    const b = large[i];
    if (!a || !b) return;
    rows.push([listCase.name, ms(a.p50), ms(a.p95), ms(b.p50), ms(b.p95), `${(b.p50 / a.p50).toFixed(2)}x`, `${String(a.items)} / ${String(b.items)}`]);
  });
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")}`);
}

async function main(): Promise<number> {
  const { values } = parseCommandLine({ options: { rounds: { type: "string", default: "40" } } }, usage);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 5) throw new UsageError(`--rounds must be an integer of at least 5\n\n${usage}`);

  const root = mkdtempSync(path.join(tmpdir(), "mailroom-bench-scale-"));
  try {
    const state = path.join(root, "state");
    runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
    const now = Date.now();
    const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
    const sessionId = createHash("sha256").update(token).digest("hex");
    const cases = listCases(now);
    console.log(`messages.list through wrangler dev over HTTP, one owner with ${String(mailboxCount)} mailboxes, ${String(rounds)} calls per case`);
    console.log(`  load average at start: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);

    const seededSmall = execute(state, root, `${seedOwner(now, sessionId)}\n${seedMessages(now, 1, 1000)}`);
    const small = await measureLists(state, token, cases, 1000, rounds);
    const seededLarge = execute(state, root, seedMessages(now, 1001, 100_000));
    const large = await measureLists(state, token, cases, 100_000, rounds);
    console.log(`  seeded 1,000 messages in ${ms(seededSmall)}, 99,000 more in ${ms(seededLarge)} (wrangler d1 execute, as rows stored before migration 0021)`);
    const { messages: backfilled, runs: backfillRuns, wallMs: backfillMs } = large.backfill;
    console.log(
      `  their search words added by the every-minute cron: ${String(backfilled)} messages in ${String(backfillRuns)} runs, ` +
        `${ms(backfillMs / Math.max(backfillRuns, 1))} per run (${((backfillMs * 1000) / Math.max(backfilled, 1)).toFixed(0)} µs per message)`,
    );
    printLists(cases, small.timings, large.timings);

    execute(state, root, `UPDATE messages SET expires_at = ${String(now - dayMs)} WHERE CAST(substr(id, 2) AS INTEGER) % 5 = 0;`);
    const runs = await runRetention(state);
    const deleted = runs.reduce((sum, r) => sum + r.messages, 0);
    console.log(`Retention cron over ${String(expiring)} expired of 100,000 messages (10% with an attachment row):`);
    runs.forEach((r, i) => {
      console.log(`  run ${String(i + 1)}: ${String(r.messages)} messages, ${String(r.objects)} objects in ${ms(r.wallMs)}${r.messages > 0 ? ` (${(r.wallMs / r.messages).toFixed(3)} ms per message)` : ""}`);
    });
    console.log(`  deleted ${String(deleted)} messages in ${String(runs.filter((r) => r.messages > 0).length)} run(s)`);
    if (deleted !== expiring) throw new Error(`retention deleted ${String(deleted)} messages, expected ${String(expiring)}`);
    console.log(`  load average at end: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return 0;
}

runMain(main);
