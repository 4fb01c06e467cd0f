// Listing at scale, the cron's backfills and retention (issues 16, 22):
// `node packages/cli/src/bench/scale.ts [--rounds N] [--size N]`.
// Seeds one owner's 50 mailboxes in a fresh local D1 with messages as stored since migration 0023
// (metadata, search words and preview in D1; the body in the object store), first 1,000, then up
// to 1,000,000, straight into the local D1 file (the triggers keep the word index, unread counts
// and storage counters as intake would). Times `messages.list` and `mailboxes.list` over HTTP
// through `wrangler dev` at both sizes and prints D1's bytes per message at scale. Then 20,000
// rows are put back the way they were stored before migrations 0021 and 0023 (no words, bodies in
// the row) and the every-minute cron's backfills are timed, and 20,000 expire and the retention
// cron deletes them in bounded batches.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { messageSearchTerms } from "@mailroom/db";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { runWrangler } from "../lib/wrangler.ts";
import { startDevWorker, type DevWorker } from "./dev-worker.ts";
import { percentile } from "./percentile.ts";

const usage = "Usage: node packages/cli/src/bench/scale.ts [--rounds N (default 40)] [--size N (default 1000000)]";
const mailboxCount = 50;
const spacingMs = 2_600;
const small = 1_000;
const backfilled = 20_000;
const expiring = 20_000;
const dayMs = 86_400_000;
/** The issue's goal: every call at the large size within this factor of the small one. */
const flatGoal = 2;

interface ListCase {
  name: string;
  /** The tRPC query; `messages.list` unless said. */
  procedure?: string;
  input: (size: number) => Record<string, unknown> | undefined;
}

// Message i (1 = newest) came in i × 2.6 s ago; ids sort like their age.
const messageId = (i: number) => `m${String(i).padStart(7, "0")}`;

function cursorAt(now: number, i: number): string {
  return btoa(`${String(now - i * spacingMs)}:${messageId(i)}`);
}

function listCases(now: number): ListCase[] {
  return [
    { name: "newest 20", input: () => ({ limit: 20 }) },
    { name: "one mailbox, newest 20", input: () => ({ limit: 20, mailboxId: "box-7" }) },
    { name: "page 90% down the cursor", input: (size) => ({ limit: 20, cursor: cursorAt(now, Math.floor(size * 0.9)) }) },
    { name: 'search "billing" (1 in 4)', input: () => ({ limit: 20, query: "billing" }) },
    { name: 'search "sender17." (11 in 200)', input: () => ({ limit: 20, query: "sender17." }) },
    { name: 'search "order 000777" (1 match)', input: () => ({ limit: 20, query: "order 000777" }) },
    // The inbox and the dashboard load it with every list: 50 mailboxes with their unread counts.
    { name: "mailboxes.list with unread counts", procedure: "mailboxes.list", input: () => undefined },
  ];
}

const names = ["Acme Billing", "Nimbus Alerts", "Orbit Shop", "Pixel News"];
const code = (i: number) => String((i * 7919) % 1_000_000).padStart(6, "0");
const fromAddress = (i: number) => `news${String(i % 7)}@sender${String(i % 200)}.example`;
const subject = (i: number) => `Your code ${code(i)} for order ${String(i).padStart(6, "0")}`;

/** SQL that adds messages `from`..`to` (inclusive) as intake stores them; every tenth has an attachment. */
function seedMessages(now: number, from: number, to: number): string {
  const range = `WITH RECURSIVE n(i) AS (SELECT ${String(from)} UNION ALL SELECT i + 1 FROM n WHERE i < ${String(to)})`;
  const nameWords = `CASE i % 4 WHEN 0 THEN json_array('acme', 'billing') WHEN 1 THEN json_array('nimbus', 'alerts') WHEN 2 THEN json_array('orbit', 'shop') ELSE json_array('pixel', 'news') END`;
  // The words messageSearchTerms gives each (checked against it before anything is timed).
  const terms = `(SELECT json_group_array(value) FROM (
      SELECT value FROM json_each(json_array(printf('news%d', i % 7), printf('sender%d', i % 200), 'example'))
      UNION ALL SELECT value FROM json_each(${nameWords})
      UNION ALL SELECT value FROM json_each(CASE WHEN printf('%06d', (i * 7919) % 1000000) = printf('%06d', i)
        THEN json_array('your', 'code', printf('%06d', i), 'for', 'order')
        ELSE json_array('your', 'code', printf('%06d', (i * 7919) % 1000000), 'for', 'order', printf('%06d', i)) END)))`;
  return `${range}
INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, from_address, from_name, to_address, subject, size, raw_key,
                      recognition_kind, recognition_value, recognition_source, received_at, expires_at, search_terms, preview, body_location,
                      object_bytes, object_count)
SELECT printf('m%07d', i), 'box-' || (i % ${String(mailboxCount)}), 'bench-user', printf('<%d@bench.example>', i), 'bounce@bench.example',
       printf('news%d@sender%d.example', i % 7, i % 200),
       CASE i % 4 WHEN 0 THEN 'Acme Billing' WHEN 1 THEN 'Nimbus Alerts' WHEN 2 THEN 'Orbit Shop' ELSE 'Pixel News' END,
       printf('bench%d@mail.localhost', i % ${String(mailboxCount)}),
       printf('Your code %06d for order %06d', (i * 7919) % 1000000, i),
       2400, printf('msg/m%07d', i), 'code', printf('%06d', (i * 7919) % 1000000), 'rules',
       ${String(now)} - i * ${String(spacingMs)}, ${String(now + 30 * dayMs)}, ${terms},
       printf('Your code is %06d. ', (i * 7919) % 1000000) || 'lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna',
       'message', 3200, 1
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

function d1File(state: string): string {
  const dir = path.join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const [file, ...others] = readdirSync(dir).filter((name) => /^[0-9a-f]{64}\.sqlite$/.test(name));
  if (!file || others.length > 0) throw new Error(`expected one local D1 file in ${dir}`);
  return path.join(dir, file);
}

/**
 * Runs SQL straight on the local D1 file while no wrangler has it open (a million rows through
 * `wrangler d1 execute` would take many minutes); the same SQLite, the same triggers.
 */
function onD1File<T>(state: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(d1File(state));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function seed(state: string, now: number, from: number, to: number): number {
  const started = performance.now();
  const batch = 100_000;
  onD1File(state, (db) => {
    for (let start = from; start <= to; start += batch) {
      db.exec("BEGIN");
      db.exec(seedMessages(now, start, Math.min(to, start + batch - 1)));
      db.exec("COMMIT");
    }
  });
  return performance.now() - started;
}

/** The seeded words must be what intake would store; a bench over other words would measure nothing real. */
function checkSeededWords(state: string, size: number): void {
  const sample = [1, 2, 3, 7, 11, 997, Math.floor(size / 2), size];
  onD1File(state, (db) => {
    for (const i of sample) {
      // eslint-disable-next-line no-restricted-syntax -- the bench reads the local D1 file itself
      const row = db.prepare("SELECT search_terms AS terms FROM messages WHERE id = ?").get(messageId(i)) as { terms: string } | undefined;
      const expected = messageSearchTerms(fromAddress(i), names[i % 4], subject(i));
      if (JSON.stringify([...new Set(JSON.parse(row?.terms ?? "[]") as string[])].sort()) !== JSON.stringify([...expected].sort())) {
        throw new Error(`seeded words of message ${String(i)} differ from intake's: ${row?.terms ?? "none"} vs ${JSON.stringify(expected)}`);
      }
    }
  });
}

/** Bytes of the D1 file's pages per message (every table and index), as D1 counts its size. */
function d1BytesPerMessage(state: string, messages: number): number {
  return onD1File(state, (db) => {
    // eslint-disable-next-line no-restricted-syntax -- the bench reads the local D1 file itself (its pages)
    const row = db.prepare("SELECT sum(pgsize) AS bytes FROM dbstat").get() as { bytes: number };
    return row.bytes / messages;
  });
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

/** The cron's line for one run of `cron`, read from the worker's log. */
async function cronReport(worker: DevWorker, cron: string): Promise<{ wallMs: number; report: Record<string, unknown> }> {
  worker.takeLines();
  const started = performance.now();
  const response = await fetch(`${worker.base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
  await response.text();
  const wallMs = performance.now() - started;
  if (!response.ok) throw new Error(`the cron answered HTTP ${String(response.status)}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const line = worker.takeLines().find((l) => l.includes('"message":"scheduled"'));
  if (!line) throw new Error("the cron logged no report");
  return { wallMs, report: JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown> };
}

async function withWorker<T>(state: string, work: (worker: DevWorker) => Promise<T>): Promise<T> {
  const worker = await startDevWorker(["--persist-to", state], "/api/system/health");
  try {
    return await work(worker);
  } finally {
    await worker.stop();
  }
}

async function measureLists(state: string, token: string, cases: ListCase[], size: number, rounds: number): Promise<Timing[]> {
  return withWorker(state, async (worker) => {
    const timings: Timing[] = [];
    for (const listCase of cases) timings.push(await timeList(worker, token, listCase, size, rounds));
    return timings;
  });
}

interface Runs {
  runs: number;
  done: number;
  wallMs: number;
}

/** Runs the every-minute cron until `field` of its report says nothing was left (at most `maxRuns` runs). */
async function backfill(worker: DevWorker, field: string, maxRuns: number): Promise<Runs> {
  const done: Runs = { runs: 0, done: 0, wallMs: 0 };
  for (let run = 0; run < maxRuns; run++) {
    const { wallMs, report } = await cronReport(worker, "* * * * *");
    const count = report[field];
    if (typeof count !== "number") throw new Error(`the cron reported no ${field}`);
    if (count === 0) break;
    done.runs += 1;
    done.done += count;
    done.wallMs += wallMs;
  }
  return done;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (n: number) => n.toLocaleString("en-US");

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")}`);
}

async function main(): Promise<number> {
  const { values } = parseCommandLine({ options: { rounds: { type: "string", default: "40" }, size: { type: "string", default: "1000000" } } }, usage);
  const rounds = Number(values.rounds);
  const size = Number(values.size);
  if (!Number.isInteger(rounds) || rounds < 5) throw new UsageError(`--rounds must be an integer of at least 5\n\n${usage}`);
  if (!Number.isInteger(size) || size < 100_000 || size % 20_000 !== 0) throw new UsageError(`--size must be a multiple of 20000, at least 100000\n\n${usage}`);

  const root = mkdtempSync(path.join(tmpdir(), "mailroom-bench-scale-"));
  let slow: boolean;
  try {
    const state = path.join(root, "state");
    runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
    const now = Date.now();
    const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
    const sessionId = createHash("sha256").update(token).digest("hex");
    const cases = listCases(now);
    console.log(`Lists through wrangler dev over HTTP, one owner with ${String(mailboxCount)} mailboxes, ${String(rounds)} calls per case`);
    console.log(`  load average at start: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);

    onD1File(state, (db) => {
      db.exec(seedOwner(now, sessionId));
    });
    const seededSmall = seed(state, now, 1, small);
    const atSmall = await measureLists(state, token, cases, small, rounds);
    const seededLarge = seed(state, now, small + 1, size);
    checkSeededWords(state, size);
    const perMessage = d1BytesPerMessage(state, size);
    const atLarge = await measureLists(state, token, cases, size, rounds);
    console.log(`  seeded ${count(small)} messages in ${ms(seededSmall)}, ${count(size - small)} more in ${(seededLarge / 1000).toFixed(1)} s (straight into the local D1 file, triggers included)`);
    console.log(`  D1 at ${count(size)} messages: ${(perMessage / 1024).toFixed(2)} KiB per message, all tables and indexes (${((perMessage * size) / 1e9).toFixed(2)} GB)`);
    const rows = [["call", `p50 at ${count(small)}`, `p95 at ${count(small)}`, `p50 at ${count(size)}`, `p95 at ${count(size)}`, "p50 ratio", `goal <= ${String(flatGoal)}x`, "items"]];
    cases.forEach((listCase, i) => {
      const a = atSmall[i];
      const b = atLarge[i];
      if (!a || !b) return;
      const ratio = b.p50 / a.p50;
      rows.push([listCase.name, ms(a.p50), ms(a.p95), ms(b.p50), ms(b.p95), `${ratio.toFixed(2)}x`, ratio <= flatGoal ? "ok" : "OVER", `${String(a.items)} / ${String(b.items)}`]);
    });
    printTable(rows);
    slow = cases.some((_, i) => (atLarge[i]?.p50 ?? 0) > flatGoal * (atSmall[i]?.p50 ?? 0));

    // 20,000 rows as stored before 0021 and 0023: no words yet, the body in the row's columns.
    onD1File(state, (db) => {
      db.exec(`UPDATE messages SET search_terms = NULL, body_location = NULL, preview = NULL, raw_key = NULL,
        text_body = 'Your code is ' || recognition_value || '. ' || substr(replace(hex(zeroblob(120)), '00', 'lorem ipsum '), 1, 1400), headers = '[{"name":"Subject","value":"Your code"}]'
        WHERE CAST(substr(id, 2) AS INTEGER) % ${String(size / backfilled)} = 1`);
    });
    const { words, bodies } = await withWorker(state, async (worker) => ({
      words: await backfill(worker, "searchBackfill", 40),
      bodies: await backfill(worker, "bodyBackfill", 10),
    }));
    console.log(
      `Every-minute cron backfills of ${count(backfilled)} rows as stored before migrations 0021/0023:\n` +
        `  search words: ${count(words.done)} in ${String(words.runs)} runs, ${ms(words.wallMs / Math.max(words.runs, 1))} per run (${((words.wallMs * 1000) / Math.max(words.done, 1)).toFixed(0)} µs per message)\n` +
        `  bodies out of D1: ${count(bodies.done)} in ${String(bodies.runs)} runs (25 a run, 36,000 a day), ${ms(bodies.wallMs / Math.max(bodies.runs, 1))} per run`,
    );

    onD1File(state, (db) => {
      db.exec(`UPDATE messages SET expires_at = ${String(now - dayMs)} WHERE CAST(substr(id, 2) AS INTEGER) % ${String(size / expiring)} = 0`);
    });
    const retention = await withWorker(state, async (worker) => {
      const runs: { wallMs: number; messages: number; objects: number }[] = [];
      for (let run = 0; run < 30; run++) {
        const { wallMs, report } = await cronReport(worker, "17 3 * * *");
        const { messages, messageObjects } = report.retention as { messages: number; messageObjects: number };
        runs.push({ wallMs, messages, objects: messageObjects });
        if (messages === 0) break;
      }
      return runs;
    });
    const deleted = retention.reduce((sum, r) => sum + r.messages, 0);
    console.log(`Retention cron over ${count(expiring)} expired of ${count(size)} messages (10% with an attachment):`);
    retention.forEach((r, i) => {
      console.log(`  run ${String(i + 1)}: ${count(r.messages)} messages, ${count(r.objects)} objects in ${ms(r.wallMs)}${r.messages > 0 ? ` (${(r.wallMs / r.messages).toFixed(3)} ms per message)` : ""}`);
    });
    if (deleted !== expiring) throw new Error(`retention deleted ${String(deleted)} messages, expected ${String(expiring)}`);
    console.log(`  load average at end: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return slow ? 1 : 0;
}

runMain(main);
