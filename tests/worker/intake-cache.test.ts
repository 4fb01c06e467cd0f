// Intake's one read (recipient, switches, business defaults), kept in the isolate for 30 s:
// writes through the services empty it, the time to live bounds what other isolates' writes
// miss, the insert re-checks the mailbox, and a stored message costs one D1 round trip.
import { benchTally, forgetCachedReads, receiveEmail, setBusinessDefaults, setUserFeatures, webhooksListener, type MessageStoredEvent, type MessageStoredListener } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import { mailboxes, messages, userFeatures, webhookDeliveries, webhookEndpoints } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteOwnMailbox } from "../../packages/api/src/services/mailboxes/manage.ts";
import { env } from "./support/call-worker.ts";
import { emailMessage, mailWithAttachment, seedMailbox, simpleMail } from "./support/email-message.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

const db = createDb(env.DB);
const day = 24 * 60 * 60 * 1000;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(++counter)}-${crypto.randomUUID().slice(0, 6)}`;

async function newBox() {
  const userId = unique("cache");
  return seedMailbox(db, { userId, address: `${userId}@mail.localhost` });
}

/**
 * Runs intake at the clock's time; what it answered, what listeners heard, and the binding calls
 * it made (the isolate's bench tally before and after: the tests of a file run one at a time).
 */
async function receive(to: string, options: { clock?: ReturnType<typeof fixedClock>; raw?: string; listeners?: MessageStoredListener[] } = {}) {
  const ctx = serviceContext({ env: { BENCH_COUNTERS: "true" }, ...(options.clock ? { clock: options.clock } : {}) });
  const heard: MessageStoredEvent[] = [];
  const message = emailMessage({ from: "a@example.com", to, raw: options.raw ?? simpleMail({ to, messageId: `<${unique("c")}@example.com>` }) });
  const before = benchTally();
  const result = await receiveEmail(ctx, message, { listeners: [{ name: "records", run: (event) => Promise.resolve(void heard.push(event)) }, ...(options.listeners ?? [])] });
  await Promise.all(ctx.pending);
  const after = benchTally();
  const counts = { d1: after.d1 - before.d1, kvReads: after.kvReads - before.kvReads, kvWrites: after.kvWrites - before.kvWrites, r2Reads: after.r2Reads - before.r2Reads, r2Writes: after.r2Writes - before.r2Writes };
  return { result, event: heard[0], counts, message };
}

async function expiryDays(result: Awaited<ReturnType<typeof receive>>["result"]): Promise<number> {
  const [row] = await db.select().from(messages).where(eq(messages.id, result.status === "stored" ? result.id : ""));
  return ((row?.expiresAt.getTime() ?? 0) - (row?.receivedAt.getTime() ?? 0)) / day;
}

describe("intake's one read", () => {
  it("costs one D1 round trip to look up and one to store, then only the store while it is cached; no KV", async () => {
    const box = await newBox();
    const first = await receive(box.address);
    expect(first.result.status).toBe("stored");
    // The body and the raw copy go to the object store as one object.
    expect(first.counts).toMatchObject({ d1: 2, kvReads: 0, kvWrites: 0, r2Writes: 1 });
    const second = await receive(box.address);
    expect(second.counts).toMatchObject({ d1: 1, kvReads: 0, kvWrites: 0, r2Writes: 1 });
    const raw = mailWithAttachment({ to: box.address, messageId: `<${unique("att")}@x>`, filename: "a.bin", content: new Uint8Array(50_000).fill(7) });
    const withFile = await receive(box.address, { raw });
    expect(withFile.counts).toMatchObject({ d1: 1, kvReads: 0, r2Writes: 2 });
  });

  it("tells listeners the owner's switches it read, so they need not read them again", async () => {
    const box = await newBox();
    await db.insert(userFeatures).values({ userId: box.userId, messenger: false, updatedAt: new Date() });
    const { event } = await receive(box.address);
    expect(event?.features).toEqual({ aiFallback: true, messenger: false, outbound: true, mailboxCreation: true, outboundDailyQuota: null, apiDailyQuota: null });
  });

  it("tells listeners whether the owner has an enabled webhook endpoint: without one, the webhooks listener reads nothing", async () => {
    const box = await newBox();
    const first = await receive(box.address, { listeners: [webhooksListener] });
    expect(first.event?.webhooks).toBe(false);
    // The recipient lookup and the store; no read of endpoints.
    expect(first.counts.d1).toBe(2);
    const now = new Date();
    const endpointId = unique("ep");
    await db.insert(webhookEndpoints).values({ id: endpointId, userId: box.userId, name: "n", url: "http://127.0.0.1:9/hook", events: '["message.received"]', secret: "sealed", createdAt: now, updatedAt: now });
    // As creating or enabling an endpoint through the service does.
    forgetCachedReads();
    const second = await receive(box.address, { listeners: [webhooksListener] });
    expect(second.event?.webhooks).toBe(true);
    expect(await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).toHaveLength(1);
  });

  it("sees a change made through the settings services at once (they empty the cache)", async () => {
    const box = await newBox();
    const settings = serviceContext();
    expect((await receive(box.address)).event?.features.aiFallback).toBe(true);
    await setUserFeatures(settings, box.userId, { aiFallback: false });
    expect((await receive(box.address)).event?.features.aiFallback).toBe(false);

    await setBusinessDefaults(settings, { retentionDays: 12 }, null);
    try {
      expect(await expiryDays((await receive(box.address)).result)).toBe(12);
    } finally {
      await setBusinessDefaults(settings, { retentionDays: 7 }, null);
    }
    expect(await expiryDays((await receive(box.address)).result)).toBe(7);
  });

  it("keeps a read for 30 seconds: a change written past this isolate shows once the time is up", async () => {
    const box = await newBox();
    const clock = fixedClock(Date.now());
    expect((await receive(box.address, { clock })).event?.features.outbound).toBe(true);
    // As another isolate's write would: not through this isolate's services.
    await db.insert(userFeatures).values({ userId: box.userId, outbound: false, updatedAt: new Date() });
    clock.set(clock.now().getTime() + 29_000);
    const cached = await receive(box.address, { clock });
    expect(cached.event?.features.outbound).toBe(true);
    expect(cached.counts.d1).toBe(1);
    clock.set(clock.now().getTime() + 2_000);
    const fresh = await receive(box.address, { clock });
    expect(fresh.event?.features.outbound).toBe(false);
    expect(fresh.counts.d1).toBe(2);
  });

  it("never keeps an unknown address: a mailbox created a moment later takes mail at once", async () => {
    const userId = unique("late");
    const address = `${userId}@mail.localhost`;
    const before = await receive(address);
    expect(before.result).toEqual({ status: "rejected", reason: "Unknown recipient" });
    await seedMailbox(db, { userId, address });
    expect((await receive(address)).result.status).toBe("stored");
  });

  it("refuses mail at the insert for a mailbox disabled after it was cached, and leaves no objects", async () => {
    const box = await newBox();
    expect((await receive(box.address)).result.status).toBe("stored");
    await db.update(mailboxes).set({ disabled: true }).where(eq(mailboxes.id, box.mailboxId));
    const refused = await receive(box.address);
    expect(refused.result).toEqual({ status: "rejected", reason: "Unknown recipient" });
    expect(refused.message.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(await db.select().from(messages).where(eq(messages.mailboxId, box.mailboxId))).toHaveLength(1);
    const listed = await env.ATTACHMENTS?.list({ prefix: "msg/" });
    const rawKeys = new Set((await db.select({ k: messages.rawKey }).from(messages)).map((r) => r.k));
    expect(listed?.objects.filter((o) => !rawKeys.has(o.key))).toEqual([]);
  });

  it("forgets a mailbox deleted through the mailbox service", async () => {
    const box = await newBox();
    expect((await receive(box.address)).result.status).toBe("stored");
    const owner = { id: box.userId, email: `${box.userId}@owner.example`, name: null, passwordHash: null, role: "user" as const, disabled: false, createdAt: new Date(), updatedAt: new Date(), termKey: null, locale: null };
    await deleteOwnMailbox({ ...serviceContext(), actor: { user: owner, sessionId: null } }, box.mailboxId);
    const after = await receive(box.address);
    expect(after.result.status).toBe("rejected");
    // Refused by the lookup itself, not at the insert: nothing was read or written for it. The
    // second read is the domain's catch-all rule (off), kept for 30 seconds like the recipient.
    expect(after.counts).toMatchObject({ d1: 2, r2Writes: 0 });
  });
});
