import { claimDueDeliveries, insertEndpointUnderCap, insertLeasedDeliveries, recordAttempt, type AttemptRecord } from "@mailroom/db";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedMailbox } from "./support/email-message.ts";
import { db } from "./support/seed.ts";

const now = new Date("2026-08-04T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

async function owner() {
  const userId = `q-${crypto.randomUUID().slice(0, 8)}`;
  await seedMailbox(db(), { userId, address: `${userId}@mail.localhost` });
  return userId;
}

async function endpointOf(userId: string) {
  const id = crypto.randomUUID();
  expect(await insertEndpointUnderCap(db(), { id, userId, name: "e", url: "https://example.com/", events: "[]", secret: "plain:x", createdAt: now }, 10)).toBe(true);
  return id;
}

async function dueDeliveries(endpointId: string, count: number) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await insertLeasedDeliveries(
    db(),
    ids.map((id) => ({ id, endpointId, eventId: `evt_${id}`, eventType: "message.received", payload: "{}", maxAttempts: 6, createdAt: now, leaseUntil: null, leaseToken: null })),
  );
  return ids;
}

function attempt(deliveryId: string, endpointId: string, leaseToken: string, extra: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    id: crypto.randomUUID(),
    deliveryId,
    endpointId,
    leaseToken,
    attempt: 1,
    ok: false,
    statusCode: 500,
    durationMs: 12,
    responseText: "boom",
    error: "HTTP 500",
    requestHeaders: "{}",
    at: now,
    next: { status: "pending", at: later(60_000) },
    ...extra,
  };
}

describe("webhook queries (raw SQL)", () => {
  it("insertEndpointUnderCap counts and inserts in one statement", async () => {
    const userId = await owner();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => insertEndpointUnderCap(db(), { id: crypto.randomUUID(), userId, name: "e", url: "https://example.com/", events: "[]", secret: "plain:x", createdAt: now }, 3)),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))).toHaveLength(3);
  });

  it("claimDueDeliveries gives each due delivery to one claimer, respects the batch size and live leases", async () => {
    const endpointId = await endpointOf(await owner());
    const ids = await dueDeliveries(endpointId, 7);
    const [a, b] = await Promise.all([claimDueDeliveries(db(), now, later(120_000), "token-a", 5), claimDueDeliveries(db(), now, later(120_000), "token-b", 5)]);
    const claimed = [...a, ...b].map((d) => d.id).filter((id) => ids.includes(id));
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(7);
    expect(await claimDueDeliveries(db(), later(60_000), later(180_000), "token-c", 10)).toEqual([]);
    // Once the leases run out, the deliveries can be claimed again.
    expect((await claimDueDeliveries(db(), later(121_000), later(240_000), "token-d", 10)).filter((d) => ids.includes(d.id))).toHaveLength(7);
  });

  it("recordAttempt writes nothing for a caller whose lease was taken over", async () => {
    const endpointId = await endpointOf(await owner());
    const [id = ""] = await dueDeliveries(endpointId, 1);
    await claimDueDeliveries(db(), now, later(1000), "old", 1);
    await claimDueDeliveries(db(), later(2000), later(120_000), "new", 1);
    expect(await recordAttempt(db(), attempt(id, endpointId, "old"))).toBe(false);
    expect(await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id))).toEqual([]);
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint?.lastFailureAt).toBeNull();

    expect(await recordAttempt(db(), attempt(id, endpointId, "new"))).toBe(true);
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, leaseToken: null, leaseUntil: null, lastStatusCode: 500, nextAttemptAt: later(60_000) });
    expect(await recordAttempt(db(), attempt(id, endpointId, "new"))).toBe(false);
  });

  it("recordAttempt keeps the failure streak and switches the endpoint off only past the cut-off", async () => {
    const endpointId = await endpointOf(await owner());
    const [first = "", second = ""] = await dueDeliveries(endpointId, 2);
    await claimDueDeliveries(db(), now, later(1000), "t", 2);
    const reason = "Switched off: failing";
    await recordAttempt(db(), attempt(first, endpointId, "t", { next: { status: "failed" }, disable: { failingSince: later(-1), reason } }));
    let [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: true, failingSince: now, disabledReason: null });
    await recordAttempt(db(), attempt(second, endpointId, "t", { at: later(5000), next: { status: "failed" }, disable: { failingSince: now, reason } }));
    [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, failingSince: now, lastFailureAt: later(5000), disabledReason: reason });
  });
});
