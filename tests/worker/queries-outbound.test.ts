// The outbound record and usage queries against the real local D1: insert-or-get under a shared
// idempotency key, the guarded settle, the give-back floor, and retention by age.
import {
  createDb,
  dailyUsageOf,
  expiringRecords,
  findOwnOutbound,
  giveBackDailyUnit,
  insertOutboundOrGetExisting,
  settleOutbound,
  takeDailyUnit,
  type NewOutbound,
} from "@mailroom/db";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { seedMailbox } from "./support/email-message.ts";

const db = createDb(env.DB);
const now = new Date();
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${crypto.randomUUID().slice(0, 6)}`;

async function owner() {
  return seedMailbox(db, { userId: unique("out"), address: `${unique("o")}@mail.localhost` });
}

function record(userId: string, mailboxId: string, idempotencyKey: string | null, createdAt = now): NewOutbound {
  return {
    id: unique("rec"),
    userId,
    mailboxId,
    fromAddress: "box@mail.localhost",
    toAddresses: '["a@example.com"]',
    ccAddresses: "[]",
    bccAddresses: "[]",
    replyTo: null,
    inReplyTo: null,
    subject: "Hi",
    textBody: "Hello",
    htmlBody: null,
    provider: "resend",
    attachments: "[]",
    idempotencyKey,
    createdAt,
  };
}

describe("outbound records", () => {
  it("insertOutboundOrGetExisting: concurrent inserts with one key keep the first record; no key never conflicts", async () => {
    const box = await owner();
    const results = await Promise.all(Array.from({ length: 6 }, () => insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, "key-1"))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.record.id)).size).toBe(1);
    // The key is per user: another user's same key is a record of its own.
    const other = await owner();
    expect((await insertOutboundOrGetExisting(db, record(other.userId, other.mailboxId, "key-1"))).created).toBe(true);
    const plain = await Promise.all([insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, null)), insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, null))]);
    expect(plain.every((r) => r.created)).toBe(true);
  });

  it("settleOutbound settles a queued record once", async () => {
    const box = await owner();
    const { record: queued } = await insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, null));
    expect(queued.status).toBe("queued");
    const sent = await settleOutbound(db, queued.id, { status: "sent", providerMessageId: "re_1" }, new Date());
    expect(sent).toMatchObject({ status: "sent", providerMessageId: "re_1", error: null });
    expect(await settleOutbound(db, queued.id, { status: "failed", error: "late" }, new Date())).toBeNull();
    expect((await findOwnOutbound(db, queued.id, box.userId))?.status).toBe("sent");
    expect(await findOwnOutbound(db, queued.id, "someone-else")).toBeNull();
  });

  it("expiringRecords.outboundMessages deletes records created before the cut-off only", async () => {
    const box = await owner();
    const old = await insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, null, new Date(now.getTime() - 10 * 86_400_000)));
    const fresh = await insertOutboundOrGetExisting(db, record(box.userId, box.mailboxId, null));
    await expiringRecords.outboundMessages(db, new Date(now.getTime() - 7 * 86_400_000), 500);
    expect(await findOwnOutbound(db, old.record.id, box.userId)).toBeNull();
    expect(await findOwnOutbound(db, fresh.record.id, box.userId)).not.toBeNull();
  });
});

describe("usage give-back", () => {
  it("giveBackDailyUnit returns units under concurrency and never goes below zero", async () => {
    const { userId } = await owner();
    const day = "2026-11-23";
    await Promise.all(Array.from({ length: 3 }, () => takeDailyUnit(db, userId, day, "outbound", 5)));
    await Promise.all(Array.from({ length: 5 }, () => giveBackDailyUnit(db, userId, day, "outbound")));
    expect((await dailyUsageOf(db, [userId], day, "outbound")).get(userId)).toBe(0);
    // A day with no counter stays without one.
    await giveBackDailyUnit(db, userId, "2026-11-24", "outbound");
    expect((await dailyUsageOf(db, [userId], "2026-11-24", "outbound")).has(userId)).toBe(false);
    expect(await takeDailyUnit(db, userId, day, "outbound", 5)).toBe(1);
    expect((await dailyUsageOf(db, [userId, "nobody"], day, "outbound")).get(userId)).toBe(1);
  });
});
