// Intake benchmark: `node packages/cli/src/bench/intake.ts [messages-per-size]`.
// Times whole deliveries (parse + store + recognition) through a real local worker (wrangler
// dev with its own D1/R2 state in a temporary directory), then postal-mime parsing alone in Node.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import PostalMime from "postal-mime";
import { runMain, UsageError } from "../lib/cli.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { runWrangler, startWrangler } from "../lib/wrangler.ts";
import { composeMessage } from "../mail/compose.ts";
import { percentile } from "./percentile.ts";

const port = 8799;
const base = `http://127.0.0.1:${port}`;
const mailbox = "bench@mail.localhost";

interface Sample {
  name: string;
  build: (i: number) => string;
}

function base64Lines(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.byteLength; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/.{76}/g, "$&\r\n");
}

const newsletter = `<html><body><table>${Array.from({ length: 400 }, (_, i) => `<tr><td><a href="https://news.example/item/${i}">Story ${i}</a><p>Paragraph ${i} of the weekly digest, with some text to read.</p></td></tr>`).join("")}</table><p>Confirm your subscription: <a href="https://news.example/confirm?t=abc123">confirm</a></p></body></html>`;
function withAttachment(name: string, bytes: number): Sample {
  const attachment = base64Lines(new Uint8Array(bytes).map((_, i) => (i * 7) & 0xff));
  return {
    name,
    build: (i) =>
      [
        "From: a@b.example",
        `To: ${mailbox}`,
        "Subject: Big file",
        `Message-ID: <big-${bytes}-${i}-${Date.now()}@b.example>`,
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "The file is attached.",
        "--b",
        'Content-Type: application/octet-stream; name="data.bin"',
        'Content-Disposition: attachment; filename="data.bin"',
        "Content-Transfer-Encoding: base64",
        "",
        attachment,
        "--b--",
        "",
      ].join("\r\n"),
  };
}

const samples: Sample[] = [
  {
    name: "small text (verification code)",
    build: (i) => composeMessage({ from: "a@b.example", to: mailbox, subject: "Your code", text: `Your verification code is ${100000 + i}.`, messageId: `<small-${i}-${Date.now()}@b.example>` }),
  },
  {
    name: `medium HTML newsletter (~${Math.round(newsletter.length / 1024)} KiB)`,
    build: (i) => composeMessage({ from: "news@b.example", to: mailbox, subject: "Weekly digest", text: "Weekly digest", html: newsletter, messageId: `<news-${i}-${Date.now()}@b.example>` }),
  },
  // wrangler's local email endpoint refuses messages over 1 MiB, so this is the largest it takes.
  withAttachment("large, 700 KiB attachment", 700 * 1024),
];

function stats(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(sorted.length, 1);
  return `mean ${mean.toFixed(1)} ms, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (n=${sorted.length})`;
}

async function waitForWorker(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/system/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("wrangler dev did not become ready within 60 s");
}

/** Stops wrangler dev and its workerd children (one process group), waiting until it is gone. */
async function stop(child: ChildProcess): Promise<void> {
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

async function deliver(raw: string): Promise<number> {
  const url = `${base}/cdn-cgi/handler/email?from=${encodeURIComponent("a@b.example")}&to=${encodeURIComponent(mailbox)}`;
  const started = performance.now();
  const response = await fetch(url, { method: "POST", body: raw });
  const elapsed = performance.now() - started;
  const body = await response.text();
  if (!response.ok) throw new Error(`delivery failed: HTTP ${response.status} ${body}`);
  return elapsed;
}

async function main(): Promise<number> {
  const perSize = Number(process.argv[2] ?? "20");
  if (!Number.isInteger(perSize) || perSize < 1) throw new UsageError("messages-per-size must be a positive integer");
  const state = mkdtempSync(path.join(tmpdir(), "mailroom-bench-intake-"));
  let child: ChildProcess | undefined;
  try {
    runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
    const now = Date.now();
    runWrangler([
      "d1", "execute", "DB", "--local", "--persist-to", state, "--command",
      `INSERT INTO users (id, email, role, created_at, updated_at) VALUES ('bench-user', 'bench@owner.example', 'user', ${now}, ${now});` +
        `INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at) VALUES ('bench-box', 'bench-user', 'bench', 'mail.localhost', '${mailbox}', ${now});`,
    ]);
    child = startWrangler(["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state]);
    await waitForWorker(child);

    console.log(`Intake through wrangler dev (${perSize} messages per size, after 2 warm-up deliveries):`);
    for (const sample of samples) {
      for (let i = 0; i < 2; i++) await deliver(sample.build(-1 - i));
      const times: number[] = [];
      for (let i = 0; i < perSize; i++) times.push(await deliver(sample.build(i)));
      console.log(`  ${sample.name.padEnd(36)} ${stats(times)}, ${Math.round(sample.build(0).length / 1024)} KiB raw`);
    }

    console.log("Parse only (postal-mime in Node):");
    for (const sample of [...samples, withAttachment("4 MiB attachment", 4 * 1024 * 1024), withAttachment("20 MiB attachment", 20 * 1024 * 1024)]) {
      const raw = new TextEncoder().encode(sample.build(0));
      for (let i = 0; i < 3; i++) await PostalMime.parse(raw);
      const times: number[] = [];
      for (let i = 0; i < perSize; i++) {
        const started = performance.now();
        await PostalMime.parse(raw);
        times.push(performance.now() - started);
      }
      console.log(`  ${sample.name.padEnd(36)} ${stats(times)}`);
    }
  } finally {
    if (child) await stop(child);
    rmSync(state, { recursive: true, force: true });
  }
  return 0;
}

runMain(main);
