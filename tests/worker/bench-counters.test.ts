// The bench's view of intake's binding calls: a tally kept in the isolate (no log line per
// message), readable only when BENCH_COUNTERS is on.
import { createDb } from "@mailroom/db";
import { describe, expect, it } from "vitest";
import { callWorker, env } from "./support/call-worker.ts";
import { deliver, emailMessage, mailWithAttachment, seedMailbox, simpleMail } from "./support/email-message.ts";

const db = createDb(env.DB);
const on = { BENCH_COUNTERS: "true" } as const;

interface Tally {
  messages: number;
  d1: number;
  kvReads: number;
  kvWrites: number;
  r2Reads: number;
  r2Writes: number;
}

async function tally(): Promise<Tally> {
  const res = await callWorker("/api/system/bench-counters", {}, on);
  expect(res.status).toBe(200);
  return res.json<Tally>();
}

describe("GET /api/system/bench-counters", () => {
  it("is not there unless BENCH_COUNTERS is on", async () => {
    const res = await callWorker("/api/system/bench-counters");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("adds each message's D1, KV and R2 calls once its background work is done", async () => {
    const box = await seedMailbox(db, { userId: "bench-tally", address: "tally@mail.localhost" });
    const before = await tally();
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId: "<tally-1@example.com>" }) }), on);
    const raw = mailWithAttachment({ to: box.address, messageId: "<tally-2@example.com>", filename: "a.bin", content: new Uint8Array(40_000).fill(3) });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }), on);
    const after = await tally();
    expect(after.messages - before.messages).toBe(2);
    // The recipient read (then cached), one batch per message; the message's object twice, the file once; no KV.
    expect(after.d1 - before.d1).toBe(3);
    expect(after.r2Writes - before.r2Writes).toBe(3);
    expect(after.kvReads - before.kvReads).toBe(0);
  });

  it("counts nothing when the switch is off", async () => {
    const box = await seedMailbox(db, { userId: "bench-off", address: "off@mail.localhost" });
    const before = await tally();
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId: "<off-1@example.com>" }) }));
    expect((await tally()).messages).toBe(before.messages);
  });
});
