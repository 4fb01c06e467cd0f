import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { receiveEmail, runRetention, runWebhookDeliveries, webhooksListener, type ServiceContext } from "@mailroom/api";
import { messages, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@mailroom/db/schema";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { env } from "./support/call-worker.ts";
import { emailMessage, seedMailbox, simpleMail } from "./support/email-message.ts";
import { db } from "./support/seed.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";
import { closedUrl, hookUrl, received } from "./support/webhooks.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const start = Date.parse("2026-08-04T10:00:00Z");

let counter = 0;

async function mailbox() {
  counter += 1;
  const userId = `hooks-${String(counter)}-${crypto.randomUUID().slice(0, 8)}`;
  return seedMailbox(db(), { userId, address: `${userId}@mail.localhost` });
}

/** An endpoint row as `webhooks.create` leaves it locally (secret unsealed, marked plain:). */
async function endpoint(userId: string, url: string, events: string[] = ["message.received", "message.recognized"], enabled = true) {
  const id = crypto.randomUUID();
  const now = new Date();
  await db()
    .insert(webhookEndpoints)
    .values({ id, userId, name: "hook", url, events: JSON.stringify(events), enabled, secret: `plain:whsec_${btoa("k".repeat(32))}`, createdAt: now, updatedAt: now });
  return id;
}

async function setUrl(id: string, url: string) {
  await db().update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, id));
}

/** Intake of one message through the service, with the webhooks listener, waiting for its background work. */
async function mailTo(ctx: ServiceContext & { pending: Promise<unknown>[] }, address: string, text = "Hello there.") {
  const message = emailMessage({ from: "shop@example.com", to: address, raw: simpleMail({ to: address, text, messageId: `<${crypto.randomUUID()}@example.com>` }) });
  const result = await receiveEmail(ctx, message, { listeners: [webhooksListener] });
  await Promise.all(ctx.pending.splice(0));
  expect(result.status).toBe("stored");
  return result;
}

async function deliveriesOf(endpointId: string) {
  return db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.createdAt));
}

async function attemptsOf(deliveryId: string) {
  return db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
}

describe("events from intake", () => {
  it("sends message.received and message.recognized with the contract's data fields", async () => {
    const box = await mailbox();
    const tag = crypto.randomUUID();
    await endpoint(box.userId, hookUrl({}, tag));
    const result = await mailTo(serviceContext(), box.address, "Your verification code is 482913.");
    const bodies = (await received({ tag })).map((r) => JSON.parse(r.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.type).sort()).toEqual(["message.received", "message.recognized"]);
    const receivedEvent = bodies.find((b) => b.type === "message.received");
    const recognized = bodies.find((b) => b.type === "message.recognized");
    expect(Object.keys(receivedEvent?.data ?? {}).sort()).toEqual(["address", "from", "mailboxId", "messageId", "receivedAt", "recognition", "subject"]);
    expect(receivedEvent?.data).toMatchObject({
      messageId: result.status === "stored" ? result.id : "",
      mailboxId: box.mailboxId,
      address: box.address,
      from: { address: "sender@example.com", name: "Sender" },
      subject: "Hello",
      recognition: { kind: "code", value: "482913", source: "rules" },
    });
    expect(Object.keys(recognized?.data ?? {}).sort()).toEqual(["address", "kind", "mailboxId", "messageId", "source", "value"]);
    expect(recognized?.data).toMatchObject({ kind: "code", value: "482913", source: "rules", address: box.address });
    expect(receivedEvent?.id).not.toBe(recognized?.id);
  });

  it("sends only the events an endpoint subscribed to, and nothing to switched-off endpoints", async () => {
    const box = await mailbox();
    const onlyRecognized = crypto.randomUUID();
    const off = crypto.randomUUID();
    await endpoint(box.userId, hookUrl({}, onlyRecognized), ["message.recognized"]);
    await endpoint(box.userId, hookUrl({}, off), ["message.received"], false);
    await mailTo(serviceContext(), box.address, "Nothing to pick out here.");
    expect(await received({ tag: onlyRecognized })).toHaveLength(0);
    await mailTo(serviceContext(), box.address, "Your verification code is 771204.");
    expect((await received({ tag: onlyRecognized })).map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(["message.recognized"]);
    expect(await received({ tag: off })).toHaveLength(0);
  });

  it("stores the mail when every endpoint fails, and intake does not wait for the receivers", async () => {
    const box = await mailbox();
    const ids = [
      await endpoint(box.userId, hookUrl({ status: 500, text: "boom" })),
      await endpoint(box.userId, closedUrl()),
      await endpoint(box.userId, hookUrl({ status: 301, location: "https://elsewhere.example/" })),
      await endpoint(box.userId, hookUrl({ status: 502, delayMs: 1500 })),
    ];
    await db().update(webhookEndpoints).set({ secret: "garbage" }).where(eq(webhookEndpoints.id, ids[0] ?? ""));
    const messageId = `<${crypto.randomUUID()}@example.com>`;
    const message = emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId }) });
    const execution = createExecutionContext();
    const started = Date.now();
    await worker.email(message, env, execution);
    const intakeMs = Date.now() - started;
    await waitOnExecutionContext(execution);

    expect(message.setReject).not.toHaveBeenCalled();
    expect(await db().select({ id: messages.id }).from(messages).where(eq(messages.messageIdHeader, messageId))).toHaveLength(1);
    expect(intakeMs).toBeLessThan(1500);
    for (const id of ids) {
      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, leaseToken: null });
      expect((await attemptsOf(delivery?.id ?? ""))[0]?.ok).toBe(false);
    }
    const errors = await Promise.all(ids.map(async (id) => (await deliveriesOf(id))[0]?.lastError));
    expect(errors[0]).toContain("Not sent: the stored signing secret is malformed");
    expect(errors[1]).toMatch(/^Request failed: /);
    expect(errors[2]).toBe("Redirect to https://elsewhere.example/ not followed");
    expect(errors[3]).toBe("HTTP 502");
  });
});

describe("retries", () => {
  it("follows the schedule with a controllable clock: 500, timeout, connection refused, then success", async () => {
    const clock = fixedClock(start);
    const ctx = serviceContext({ clock });
    const box = await mailbox();
    const tag = crypto.randomUUID();
    const id = await endpoint(box.userId, hookUrl({ status: 500, text: "boom" }, tag), ["message.received"]);
    await mailTo(ctx, box.address);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, nextAttemptAt: new Date(start + minute) });

    clock.set(start + minute - 1000);
    expect(await runWebhookDeliveries(ctx)).toMatchObject({ attempted: 0 });

    await setUrl(id, hookUrl({ delayMs: 1500 }, tag));
    clock.set(start + minute);
    expect(await runWebhookDeliveries(ctx, { timeoutMs: 300 })).toMatchObject({ attempted: 1, retrying: 1 });

    await setUrl(id, closedUrl());
    clock.set(start + 6 * minute);
    expect(await runWebhookDeliveries(ctx)).toMatchObject({ attempted: 1, retrying: 1 });

    await setUrl(id, hookUrl({ text: "thanks" }, tag));
    clock.set(start + 36 * minute - 1);
    expect(await runWebhookDeliveries(ctx)).toMatchObject({ attempted: 0 });
    clock.set(start + 36 * minute);
    expect(await runWebhookDeliveries(ctx)).toMatchObject({ attempted: 1, succeeded: 1 });

    const attempts = await attemptsOf(delivery?.id ?? "");
    expect(attempts.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([
      [1, false, 500],
      [2, false, null],
      [3, false, null],
      [4, true, 200],
    ]);
    expect(attempts.map((a) => a.createdAt.getTime() - start)).toEqual([0, minute, 6 * minute, 36 * minute]);
    expect(attempts[0]).toMatchObject({ responseText: "boom", error: "HTTP 500" });
    expect(attempts[1]?.error).toBe("No answer within 0.3 s");
    expect(attempts[2]?.error).toMatch(/^Request failed: /);
    expect(attempts[3]).toMatchObject({ responseText: "thanks", error: null });
    const [done] = await deliveriesOf(id);
    expect(done).toMatchObject({ status: "succeeded", attempts: 4, nextAttemptAt: null, leaseToken: null });
    // Every attempt carried the same event id, so a receiver can drop duplicates.
    const ids = new Set((await received({ tag })).map((r) => r.headers["webhook-id"]));
    expect([...ids]).toEqual([done?.eventId]);
    const [health] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(health).toMatchObject({ failingSince: null, lastSuccessAt: new Date(start + 36 * minute), enabled: true });
  });

  it("gives up after 6 attempts over more than 6 hours; an endpoint failing everything for 3 days is switched off", async () => {
    const clock = fixedClock(start);
    const ctx = serviceContext({ clock });
    const box = await mailbox();
    const id = await endpoint(box.userId, hookUrl({ status: 503 }), ["message.received"]);

    /** One mail, then the cron at each due time until the delivery is final. */
    async function failThrough(from: number) {
      clock.set(from);
      await mailTo(ctx, box.address);
      const deliveries = await deliveriesOf(id);
      const delivery = deliveries[deliveries.length - 1];
      for (let i = 0; i < 10; i++) {
        const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery?.id ?? ""));
        if (row?.status !== "pending" || !row.nextAttemptAt) return row;
        clock.set(row.nextAttemptAt);
        await runWebhookDeliveries(ctx);
      }
      throw new Error("the delivery never ended");
    }

    const first = await failThrough(start);
    expect(first).toMatchObject({ status: "failed", attempts: 6, nextAttemptAt: null });
    const times = (await attemptsOf(first?.id ?? "")).map((a) => a.createdAt.getTime() - start);
    expect(times).toEqual([0, minute, 6 * minute, 36 * minute, 156 * minute, 456 * minute]);
    expect(times[times.length - 1]).toBeGreaterThanOrEqual(6 * hour);
    let [health] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(health).toMatchObject({ enabled: true, failingSince: new Date(start) });

    await failThrough(start + 3 * day);
    [health] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(health?.enabled).toBe(false);
    expect(health?.disabledReason).toContain("every delivery failed for 3 days (last: HTTP 503)");

    // Switched off: new mail creates no delivery.
    const before = (await deliveriesOf(id)).length;
    await mailTo(ctx, box.address);
    expect(await deliveriesOf(id)).toHaveLength(before);
  });

  it("closes pending retries of an endpoint switched off meanwhile, without sending", async () => {
    const clock = fixedClock(start);
    const ctx = serviceContext({ clock });
    const box = await mailbox();
    const tag = crypto.randomUUID();
    const id = await endpoint(box.userId, hookUrl({ status: 500 }, tag), ["message.received"]);
    await mailTo(ctx, box.address);
    await db().update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, id));
    clock.set(start + minute);
    expect(await runWebhookDeliveries(ctx)).toMatchObject({ attempted: 0, closed: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "failed", attempts: 1, lastError: "Not sent: the endpoint is switched off" });
    expect(await received({ tag })).toHaveLength(1);
  });

  it("checks the target again at send time", async () => {
    const clock = fixedClock(start);
    const box = await mailbox();
    const tag = crypto.randomUUID();
    const id = await endpoint(box.userId, hookUrl({ status: 500 }, tag), ["message.received"]);
    await mailTo(serviceContext({ clock }), box.address);
    clock.set(start + minute);
    const strict = serviceContext({ clock, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" } });
    expect(await runWebhookDeliveries(strict)).toMatchObject({ attempted: 1, retrying: 1 });
    expect((await deliveriesOf(id))[0]?.lastError).toBe("Not sent: the URL must be an https URL");
    expect(await received({ tag })).toHaveLength(1);
  });
});

describe("the cron", () => {
  it("delivers each due attempt once when two runs overlap (lease)", async () => {
    const box = await mailbox();
    const tags = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const ids = await Promise.all(tags.map((tag) => endpoint(box.userId, hookUrl({ status: 500 }, tag), ["message.received"])));
    await mailTo(serviceContext(), box.address);
    await Promise.all(ids.map((id, i) => setUrl(id, hookUrl({ delayMs: 300 }, tags[i]))));

    const scheduledTime = Date.now() + 2 * minute;
    const run = async () => {
      const execution = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, execution);
      await waitOnExecutionContext(execution);
    };
    await Promise.all([run(), run()]);

    for (const [i, id] of ids.entries()) {
      expect(await received({ tag: tags[i] })).toHaveLength(2);
      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(await attemptsOf(delivery?.id ?? "")).toHaveLength(2);
    }
  });

  it("runs retention on the daily trigger only: delivery logs older than the retention days go", async () => {
    const box = await mailbox();
    const id = await endpoint(box.userId, hookUrl(), ["message.received"]);
    const now = Date.now();
    const row = (age: number) => ({
      id: crypto.randomUUID(),
      endpointId: id,
      eventId: `evt_${crypto.randomUUID()}`,
      eventType: "message.received",
      payload: "{}",
      status: "succeeded" as const,
      createdAt: new Date(now - age),
      updatedAt: new Date(now - age),
    });
    const old = row(8 * day);
    const recent = row(6 * day);
    await db().insert(webhookDeliveries).values([old, recent]);
    await db().insert(webhookAttempts).values({ id: crypto.randomUUID(), deliveryId: old.id, attempt: 1, ok: true, durationMs: 5, createdAt: old.createdAt });

    const frequent = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), env, frequent);
    await waitOnExecutionContext(frequent);
    expect(await deliveriesOf(id)).toHaveLength(2);

    const report = await runRetention(serviceContext({ clock: fixedClock(now) }));
    expect(report.webhookDeliveries).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(id)).map((d) => d.id)).toEqual([recent.id]);
    expect(await attemptsOf(old.id)).toEqual([]);
  });
});
