import { runRetention } from "@mailroom/api";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { createDb } from "@mailroom/db";
import { attachments, mailboxes, messages, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { env } from "./support/call-worker.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

const db = createDb(env.DB);
const day = 24 * 60 * 60 * 1000;
const now = Date.now();
const at = (offset: number) => new Date(now + offset);
const bucket = env.ATTACHMENTS as R2Bucket;

async function seedOwner(userId: string) {
  await db.insert(users).values({ id: userId, email: `${userId}@example.com`, createdAt: at(0), updatedAt: at(0) });
  await db.insert(mailboxes).values({ id: `mb-${userId}`, userId, localPart: userId, domain: "mail.localhost", address: `${userId}@mail.localhost`, createdAt: at(0) });
}

function messageRow(userId: string, id: string, expiresIn: number, rawKey: string | null) {
  return {
    id,
    mailboxId: `mb-${userId}`,
    userId,
    messageIdHeader: `<${id}@x>`,
    envelopeFrom: "a@example.com",
    toAddress: `${userId}@mail.localhost`,
    size: 10,
    rawKey,
    receivedAt: at(expiresIn - 7 * day),
    expiresAt: at(expiresIn),
  };
}

async function seedMessage(userId: string, id: string, expiresIn: number, files: number) {
  await bucket.put(`raw/${id}.eml`, "raw");
  await db.insert(messages).values(messageRow(userId, id, expiresIn, `raw/${id}.eml`));
  for (let i = 0; i < files; i++) {
    await bucket.put(`att/${id}/f${i}`, "file");
    await db.insert(attachments).values({ id: `${id}-f${i}`, messageId: id, filename: `f${i}`, contentType: "text/plain", size: 4, storageKey: `att/${id}/f${i}`, createdAt: at(0) });
  }
  // A file that was skipped has no object, only metadata.
  await db.insert(attachments).values({ id: `${id}-skipped`, messageId: id, filename: "big", contentType: "application/zip", size: 99, skippedReason: "larger than the 10 MiB attachment limit", createdAt: at(0) });
}

const keys = async (prefix: string) => ((await bucket.list({ prefix })).objects.map((o) => o.key)).sort();

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("retention of mail and webhook logs", () => {
  it("deletes expired messages with their stored objects and old delivery logs, and nothing else", async () => {
    await seedOwner("ret");
    await seedMessage("ret", "old1", -day, 2);
    await seedMessage("ret", "old2", -1000, 0);
    await seedMessage("ret", "live", day, 1);

    await db.insert(webhookEndpoints).values({ id: "ep", userId: "ret", name: "hook", url: "https://hooks.example/x", events: "[]", secret: "whsec_x", createdAt: at(0), updatedAt: at(0) });
    const delivery = (id: string, age: number) => ({ id, endpointId: "ep", eventId: `ev-${id}`, eventType: "message.received", payload: "{}", status: "succeeded" as const, createdAt: at(-age), updatedAt: at(-age) });
    // Delivery logs are kept for the mail retention days (7 unless administrators change it).
    await db.insert(webhookDeliveries).values([delivery("d-old", 7 * day + 1000), delivery("d-new", 7 * day - 1000)]);
    await db.insert(webhookAttempts).values({ id: "a-old", deliveryId: "d-old", attempt: 1, ok: true, statusCode: 200, durationMs: 5, createdAt: at(-8 * day) });

    await runCron();

    expect((await db.select({ id: messages.id }).from(messages)).map((m) => m.id)).toEqual(["live"]);
    expect((await db.select({ id: attachments.id }).from(attachments)).map((a) => a.id).sort()).toEqual(["live-f0", "live-skipped"]);
    expect(await keys("raw/")).toEqual(["raw/live.eml"]);
    expect(await keys("att/")).toEqual(["att/live/f0"]);
    expect((await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((d) => d.id)).toEqual(["d-new"]);
    expect(await db.select().from(webhookAttempts)).toEqual([]);

    const again = await runRetention(serviceContext({ clock: fixedClock(now) }));
    expect(again).toMatchObject({ messages: 0, messageObjects: 0, webhookDeliveries: 0 });
    expect(await keys("raw/")).toEqual(["raw/live.eml"]);
  });

  it("works through more expired messages than one batch holds", async () => {
    await seedOwner("bulk");
    const rows = Array.from({ length: 1100 }, (_, i) => messageRow("bulk", `bulk-${i}`, -day, null));
    const [first, ...rest] = rows.map((row) => db.insert(messages).values(row));
    if (first) await db.batch([first, ...rest]);
    const report = await runRetention(serviceContext({ clock: fixedClock(now) }));
    expect(report.messages).toBe(1100);
    expect(await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, "bulk"))).toEqual([]);
  });

  it("deletes one batch of expired messages each minute too, so a busy instance keeps up between daily runs", async () => {
    await seedOwner("trickle");
    const rows = Array.from({ length: 620 }, (_, i) => messageRow("trickle", `trickle-${String(i)}`, -day, null));
    const [first, ...rest] = rows.map((row) => db.insert(messages).values(row));
    if (first) await db.batch([first, ...rest]);
    const left = async () => (await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, "trickle"))).length;
    const minute = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await minute();
    expect(await left()).toBe(120);
    await minute();
    expect(await left()).toBe(0);
  });

  it("still deletes expired rows when ATTACHMENTS is not bound", async () => {
    await seedOwner("nobucket");
    await db.insert(messages).values(messageRow("nobucket", "nb-1", -day, "raw/nb-1.eml"));
    const report = await runRetention(serviceContext({ clock: fixedClock(now), stores: { attachments: undefined } }));
    expect(report).toMatchObject({ messages: 1, messageObjects: 0 });
    expect(await db.select().from(messages).where(eq(messages.id, "nb-1"))).toEqual([]);
  });
});
