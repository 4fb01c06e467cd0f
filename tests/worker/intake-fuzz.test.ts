// Generated MIME straight into the intake service (broken boundaries, deep nesting, odd charsets
// and encodings, huge headers, stray bytes): intake never throws, and every message it accepts
// reads back through messages.get. Seeded by the run's seed (tests/worker/setup/seed.ts); replay a
// failure with FUZZ_SEED=<seed> npx vitest run --config worker/vitest.config.ts intake-fuzz
import { receiveEmail } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { startSession } from "../../packages/api/src/services/auth/sessions.ts";
import { env } from "./support/call-worker.ts";
import { createClient } from "./support/client.ts";
import { emailMessage, seedMailbox } from "./support/email-message.ts";
import { serviceContext } from "./support/service-context.ts";

const seed = inject("fuzzSeed");
const box = "fuzz@mail.localhost";
const encoder = new TextEncoder();

const charsets = ["utf-8", "UTF-8", "iso-8859-1", "windows-1252", "gb2312", "gbk", "big5", "shift_jis", "euc-jp", "koi8-r", "utf-7", "utf-16", "x-unknown", "", '"utf-8'];
const encodings = ["7bit", "8bit", "binary", "base64", "quoted-printable", "x-uuencode", "BASE64", "gibberish"];
const leafTypes = ["text/plain", "text/html", "application/octet-stream", "image/png", "message/rfc822", "text/calendar", "application/pdf", "", "text", "/", "text/plain/extra"];

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("Your verification code is 482913", "<p>Confirm: <a href='https://x.example/verify?t=1'>verify</a></p>", "=ZZ=\r\n=E9=", "====", "begin 644 x\n`\nend", "\u0000\u0001\u0002", "--b\r\n", "验证码：123456", "%PDF-1.4"),
);
/** Header values: encoded words in odd charsets, 8-bit bytes, folding, giant values. */
const headerValue = fc.oneof(
  text.map((t) => t.replace(/[\r\n]/g, " ")),
  fc.tuple(fc.constantFrom(...charsets), fc.constantFrom("B", "Q", "b", "x"), fc.constantFrom("SGVsbG8=", "=E9t=E9", "!!!not base64", "", "4pyTIMOgIGxh")).map(([c, e, v]) => `=?${c}?${e}?${v}?= tail`),
  fc.constantFrom("a\r\n folded\r\n\tvalue", "x".repeat(70_000), "y ".repeat(20_000), "\u00e9\u00e8 latin", "Name <a@b.example>, broken <@>, <>", "undisclosed-recipients:;", "=?utf-8?B?", ""),
);

interface Part {
  contentType: string;
  charset: string | null;
  encoding: string | null;
  body: string;
  boundary?: string;
  parts?: Part[];
  /** How the multipart ends: properly, without the closing delimiter, or with another boundary. */
  ending?: "ok" | "unterminated" | "wrong";
}

const { part } = fc.letrec<{ part: Part; leaf: Part; multipart: Part }>((tie) => ({
  part: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("multipart")),
  leaf: fc.record({
    contentType: fc.constantFrom(...leafTypes),
    charset: fc.option(fc.constantFrom(...charsets)),
    encoding: fc.option(fc.constantFrom(...encodings)),
    body: fc.oneof(text, fc.base64String({ maxLength: 400 }), fc.constantFrom("", "A".repeat(50_000))),
  }),
  multipart: fc.record({
    contentType: fc.constantFrom("multipart/mixed", "multipart/alternative", "multipart/related", "multipart/digest", "multipart/x-odd", "multipart/"),
    charset: fc.constant(null),
    encoding: fc.option(fc.constantFrom("7bit", "base64")),
    body: fc.constant(""),
    boundary: fc.oneof(fc.constantFrom("b", "==b==", "a b", "", "x".repeat(200), "--", "b\u00e9"), fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/[\r\n"]/g, "_"))),
    parts: fc.array(tie("part"), { maxLength: 4 }),
    ending: fc.constantFrom("ok", "ok", "unterminated", "wrong"),
  }),
}));

function render(p: Part): string {
  const params = [p.contentType, ...(p.charset !== null ? [`charset=${p.charset}`] : []), ...(p.boundary !== undefined ? [`boundary="${p.boundary}"`] : [])];
  const head = [`Content-Type: ${params.join("; ")}`, ...(p.encoding !== null ? [`Content-Transfer-Encoding: ${p.encoding}`] : [])];
  if (!p.parts) return [...head, "", p.body].join("\r\n");
  const boundary = p.boundary ?? "b";
  const inner = p.parts.map((child) => `--${boundary}\r\n${render(child)}`).join("\r\n");
  const close = p.ending === "unterminated" ? "" : p.ending === "wrong" ? "\r\n--not-the-boundary--" : `\r\n--${boundary}--`;
  return [...head, "", "preamble", inner + close, "epilogue"].join("\r\n");
}

/** A part nested `depth` levels deep (deeper than any generated tree). */
function deeplyNested(depth: number): string {
  let body = "Content-Type: text/plain\r\n\r\nthe bottom";
  for (let i = depth; i > 0; i--) body = `Content-Type: multipart/mixed; boundary="d${String(i)}"\r\n\r\n--d${String(i)}\r\n${body}\r\n--d${String(i)}--`;
  return body;
}

let counter = 0;
const message = fc
  .record({
    from: headerValue,
    subject: headerValue,
    // Mostly none (a unique id is filled in below), sometimes a fixed or malformed one.
    messageId: fc.oneof(
      { weight: 5, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom("<fixed@x>", "<>", "not-an-id", "<a@b> <c@d>", "x".repeat(2000)) },
    ),
    date: fc.constantFrom("Tue, 04 Aug 2026 10:00:00 +0000", "yesterday", "", "Mon, 99 Foo 99999 99:99:99 +9999"),
    extraHeaders: fc.array(fc.tuple(fc.constantFrom("X-Odd", "Received", "Content-Type", "MIME-Version", "Bad Header", "X:colon", ""), headerValue), { maxLength: 6 }),
    manyHeaders: fc.constantFrom(0, 0, 0, 3000),
    body: fc.oneof(
      { weight: 8, arbitrary: part.map(render) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: 2000 }).map(deeplyNested) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => String.fromCharCode(...bytes)) },
    ),
    lineEnding: fc.constantFrom("\r\n", "\n", "\r"),
  })
  .map((m) => {
    counter += 1;
    const headers = [
      `From: ${m.from}`,
      `To: ${box}`,
      `Subject: ${m.subject}`,
      `Date: ${m.date}`,
      // A unique id most of the time, so most messages are stored rather than deduplicated.
      `Message-ID: ${m.messageId ?? `<fuzz-${String(counter)}-${String(seed)}@x>`}`,
      "MIME-Version: 1.0",
      ...m.extraHeaders.map(([name, value]) => `${name}: ${value}`),
      ...Array.from({ length: m.manyHeaders }, (_, i) => `X-Filler-${String(i)}: ${"f".repeat(40)}`),
    ];
    // postal-mime is quadratic on thousands of bare-CR header lines (seconds each); SMTP never
    // carries bare CRs, so the filler headers come with LF or CRLF endings.
    const lineEnding = m.manyHeaders > 0 && m.lineEnding === "\r" ? "\n" : m.lineEnding;
    return `${headers.join("\r\n")}\r\n${m.body}`.replace(/\r\n/g, lineEnding);
  });

/** Latin-1 style: each UTF-16 unit below 256 is one byte, so generated 8-bit bytes stay bytes. */
function bytesOf(raw: string): Uint8Array {
  return /[\u0100-\uffff]/.test(raw) ? encoder.encode(raw) : Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

describe("intake on generated MIME", () => {
  let cookie = "";
  beforeAll(async () => {
    const { userId } = await seedMailbox(createDb(env.DB), { userId: "fuzz-owner", address: box });
    cookie = await startSession(serviceContext(), userId);
  });

  it("never throws, and every message it accepts reads back through messages.get", { timeout: 180_000 }, async () => {
    const client = createClient();
    client.state.cookie = cookie;
    // Intake logs a warning for every message it cannot parse; hundreds of them say nothing here.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const outcomes = new Map<string, number>();
    try {
      await fc.assert(
        fc.asyncProperty(message, async (raw) => {
          const ctx = serviceContext();
          const result = await receiveEmail(ctx, emailMessage({ from: "fuzzer@example.com", to: box, raw: bytesOf(raw) }), { listeners: [] });
          await Promise.all(ctx.pending);
          outcomes.set(result.status, (outcomes.get(result.status) ?? 0) + 1);
          if (result.status === "rejected") throw new Error(`rejected a message to an existing mailbox: ${result.reason}`);
          if (result.status !== "stored") return;
          const stored = await client.trpc.messages.get.query({ id: result.id });
          expect(stored).toMatchObject({ id: result.id, mailboxId: "mb-fuzz-owner" });
          expect(Array.isArray(stored.attachments)).toBe(true);
        }),
        { seed, numRuns: 200 },
      );
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
    console.info(`intake fuzz (seed ${String(seed)}): ${JSON.stringify(Object.fromEntries(outcomes))}`);
    expect(outcomes.get("stored") ?? 0).toBeGreaterThan(100);
  });
});
