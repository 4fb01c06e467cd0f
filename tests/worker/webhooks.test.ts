import { webhookEndpoints } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { appError } from "./support/client.ts";
import { db } from "./support/seed.ts";
import { hookUrl, received, receiverUrl, registerSecret, signedIn } from "./support/webhooks.ts";

const secretPattern = /^whsec_[A-Za-z0-9+/]{43}=$/;
const key = (n: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(n)));

describe("webhooks.create / list / update / delete", () => {
  it("creates an endpoint: {id, secret} exactly, the secret shown once and never listed", async () => {
    const { trpc } = await signedIn();
    const created = await trpc.webhooks.create.mutate({ name: "CI hook", url: hookUrl(), events: ["message.received"] });
    expect(Object.keys(created).sort()).toEqual(["id", "secret"]);
    expect(created.secret).toMatch(secretPattern);
    const list = await trpc.webhooks.list.query();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: "CI hook", events: ["message.received"], enabled: true, disabledReason: null });
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(6, 30));
  });

  it("validates name, URL and events, and says which field is wrong", async () => {
    const { trpc } = await signedIn({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" });
    const http = await appError(trpc.webhooks.create.mutate({ name: "x", url: "http://hooks.example.com/", events: ["message.received"] }));
    expect(http).toMatchObject({ appCode: "validation_failed", httpStatus: 400, issues: [{ path: "url", message: "The URL must be an https URL" }] });
    const loopback = await appError(trpc.webhooks.create.mutate({ name: "x", url: "https://127.0.0.1/hook", events: ["message.received"] }));
    expect(loopback.issues?.[0]?.path).toBe("url");
    const noEvents = await appError(trpc.webhooks.create.mutate({ name: "x", url: "https://hooks.example.com/", events: [] }));
    expect(noEvents).toMatchObject({ appCode: "validation_failed", issues: [{ path: "events" }] });
    const badEvent = await appError(trpc.webhooks.create.mutate({ name: "x", url: "https://hooks.example.com/", events: ["message.deleted" as "message.received"] }));
    expect(badEvent.appCode).toBe("validation_failed");
    const noName = await appError(trpc.webhooks.create.mutate({ name: " ", url: "https://hooks.example.com/", events: ["message.received"] }));
    expect(noName.issues?.[0]?.path).toBe("name");
    expect(await trpc.webhooks.list.query()).toEqual([]);
  });

  it("checks the URL again on update", async () => {
    const { trpc } = await signedIn({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" });
    const { id } = await trpc.webhooks.create.mutate({ name: "x", url: "https://hooks.example.com/a", events: ["message.received"] });
    const error = await appError(trpc.webhooks.update.mutate({ id, url: "https://[::ffff:127.0.0.1]/" }));
    expect(error).toMatchObject({ appCode: "validation_failed", issues: [{ path: "url" }] });
    const updated = await trpc.webhooks.update.mutate({ id, name: "renamed", url: "https://hooks.example.com/b", events: ["message.recognized", "message.received"] });
    expect(updated).toMatchObject({ name: "renamed", url: "https://hooks.example.com/b", events: ["message.received", "message.recognized"] });
  });

  it("allows 10 endpoints per user, also when 12 are created at once", async () => {
    const { trpc } = await signedIn();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => trpc.webhooks.create.mutate({ name: `hook ${String(i)}`, url: hookUrl(), events: ["message.received"] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(await trpc.webhooks.list.query()).toHaveLength(10);
    const over = await appError(trpc.webhooks.create.mutate({ name: "one more", url: hookUrl(), events: ["message.received"] }));
    expect(over).toMatchObject({ appCode: "quota_exceeded", httpStatus: 429 });
  });

  it("enables and disables; enabling clears the reason it was switched off", async () => {
    const { trpc } = await signedIn();
    const { id } = await trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    await db().update(webhookEndpoints).set({ enabled: false, disabledReason: "Switched off: failing", failingSince: new Date(0) }).where(eq(webhookEndpoints.id, id));
    expect((await trpc.webhooks.list.query())[0]).toMatchObject({ enabled: false, disabledReason: "Switched off: failing" });
    expect(await trpc.webhooks.update.mutate({ id, enabled: true })).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await trpc.webhooks.update.mutate({ id, enabled: false })).toMatchObject({ enabled: false, disabledReason: null });
  });

  it("deletes an endpoint with its log", async () => {
    const { trpc } = await signedIn();
    const { id } = await trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    const delivery = await trpc.webhooks.test.mutate({ id });
    expect(await trpc.webhooks.delete.mutate({ id })).toEqual({ ok: true });
    expect(await trpc.webhooks.list.query()).toEqual([]);
    expect((await appError(trpc.webhooks.redeliver.mutate({ deliveryId: delivery.id }))).appCode).toBe("not_found");
  });
});

describe("secrets at rest", () => {
  it("seals the secret with WEBHOOK_SECRET_KEY (AES-GCM), and still signs with it", async () => {
    const { trpc } = await signedIn({ WEBHOOK_SECRET_KEY: key(7) });
    const tag = crypto.randomUUID();
    const { id, secret } = await trpc.webhooks.create.mutate({ name: "sealed", url: `${receiverUrl()}/verified?key=${tag}`, events: ["message.received"] });
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.secret).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row?.secret).not.toContain(secret.slice(6));
    await registerSecret(tag, secret);
    expect(await trpc.webhooks.test.mutate({ id })).toMatchObject({ status: "succeeded", lastStatusCode: 200 });
  });

  it("cannot open a sealed secret under another key: the attempt fails and says to rotate", async () => {
    const first = await signedIn({ WEBHOOK_SECRET_KEY: key(1) });
    const { id } = await first.trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const other = await signedIn({ WEBHOOK_SECRET_KEY: key(2) });
    await db().update(webhookEndpoints).set({ userId: other.user.id }).where(eq(webhookEndpoints.id, id));
    const delivery = await other.trpc.webhooks.test.mutate({ id });
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: null });
    expect(delivery.lastError).toContain("rotate the secret");
    expect(row?.secret.startsWith("v1:")).toBe(true);
  });

  it("keeps it unsealed (marked plain:) only locally without a key; remotely it refuses", async () => {
    const local = await signedIn();
    const { id, secret } = await local.trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.secret).toBe(`plain:${secret}`);
    const staging = await signedIn({ ENVIRONMENT: "staging" });
    const refused = await appError(staging.trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] }));
    // A code of its own, naming the setting: `webhook_secret_missing` is the messenger's MESSENGER_WEBHOOK_SECRET.
    expect(refused).toMatchObject({ appCode: "webhook_signing_key_missing", httpStatus: 503 });
    expect(refused.message).toContain("WEBHOOK_SECRET_KEY");
    expect(await staging.trpc.webhooks.list.query()).toEqual([]);
  });
});

describe("signed deliveries", () => {
  it("sends webhook.test signed by the Standard Webhooks scheme; the receiver verifies it with the standardwebhooks package", async () => {
    const { trpc } = await signedIn();
    const tag = crypto.randomUUID();
    const { id, secret } = await trpc.webhooks.create.mutate({ name: "verified", url: `${receiverUrl()}/verified?key=${tag}`, events: ["message.received"] });
    await registerSecret(tag, secret);
    const delivery = await trpc.webhooks.test.mutate({ id });
    expect(delivery).toMatchObject({ eventType: "webhook.test", status: "succeeded", attempts: 1, maxAttempts: 1, lastStatusCode: 200 });
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, ok: true, statusCode: 200, responseText: "verified", error: null });

    const [request] = await received({ key: tag });
    const payload = JSON.parse(request?.body ?? "{}") as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(payload).toMatchObject({ id: delivery.eventId, type: "webhook.test", data: { endpointId: id } });
    expect(request?.headers["webhook-id"]).toBe(delivery.eventId);
    expect(request?.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request?.headers["content-type"]).toBe("application/json");
    // The log shows what was sent, byte for byte.
    expect(delivery.requestBody).toBe(request?.body);
    expect(delivery.attemptLog[0]?.requestHeaders).toMatchObject({ "webhook-id": delivery.eventId, "webhook-signature": request?.headers["webhook-signature"] });
    // And the reference implementation agrees, here too.
    expect(new Webhook(secret).verify(request?.body ?? "", request?.headers ?? {})).toMatchObject({ type: "webhook.test" });
  });

  it("rotates the secret: the old one stops verifying, the new one verifies", async () => {
    const { trpc } = await signedIn();
    const tag = crypto.randomUUID();
    const { id, secret: oldSecret } = await trpc.webhooks.create.mutate({ name: "rotating", url: `${receiverUrl()}/verified?key=${tag}`, events: ["message.received"] });
    await registerSecret(tag, oldSecret);
    expect((await trpc.webhooks.test.mutate({ id })).status).toBe("succeeded");

    const rotated = await trpc.webhooks.rotateSecret.mutate({ id });
    expect(Object.keys(rotated)).toEqual(["secret"]);
    expect(rotated.secret).toMatch(secretPattern);
    expect(rotated.secret).not.toBe(oldSecret);

    const withOld = await trpc.webhooks.test.mutate({ id });
    expect(withOld).toMatchObject({ status: "failed", lastStatusCode: 401 });
    expect(withOld.attemptLog[0]?.responseText).toContain("not verified");
    const [, , lastRequest] = await received({ key: tag });
    expect(() => new Webhook(oldSecret).verify(lastRequest?.body ?? "", lastRequest?.headers ?? {})).toThrow();

    await registerSecret(tag, rotated.secret);
    expect((await trpc.webhooks.test.mutate({ id })).status).toBe("succeeded");
  });

  it("logs a failed test with status code and response text, keeps 2 KB of it, and redelivers the same event", async () => {
    const { trpc } = await signedIn();
    const tag = crypto.randomUUID();
    const { id } = await trpc.webhooks.create.mutate({ name: "failing", url: hookUrl({ status: 503, text: "busy ", size: 5000 }, tag), events: ["message.received"] });
    const failed = await trpc.webhooks.test.mutate({ id });
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 503, lastError: "HTTP 503", nextAttemptAt: null });
    expect(failed.attemptLog[0]?.responseText).toHaveLength(2048);
    expect(failed.attemptLog[0]?.responseText?.startsWith("busy xxx")).toBe(true);

    await trpc.webhooks.update.mutate({ id, url: hookUrl({}, tag) });
    const again = await trpc.webhooks.redeliver.mutate({ deliveryId: failed.id });
    expect(again).toMatchObject({ status: "succeeded", eventId: failed.eventId, requestBody: failed.requestBody, lastStatusCode: 200 });
    expect(again.id).not.toBe(failed.id);
    const requests = await received({ tag });
    expect(requests.map((r) => r.headers["webhook-id"])).toEqual([failed.eventId, failed.eventId]);

    const log = await trpc.webhooks.deliveries.query({ id });
    expect(log.items.map((d) => d.status)).toEqual(["succeeded", "failed"]);
    expect((await trpc.webhooks.deliveries.query({ id, status: "failed" })).items.map((d) => d.id)).toEqual([failed.id]);
  });

  it("does not follow redirects", async () => {
    const { trpc } = await signedIn();
    const { id } = await trpc.webhooks.create.mutate({ name: "redirecting", url: hookUrl({ status: 302, location: "http://127.0.0.1:1/elsewhere" }), events: ["message.received"] });
    const redirected = await trpc.webhooks.test.mutate({ id });
    expect(redirected).toMatchObject({ status: "failed", lastStatusCode: 302, lastError: "Redirect to http://127.0.0.1:1/elsewhere not followed" });
  });

  it("limits tests and redeliveries per client (rate_limited after 10 a minute)", async () => {
    const { trpc } = await signedIn();
    const { id } = await trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    const first = await trpc.webhooks.test.mutate({ id });
    for (let i = 0; i < 8; i++) await trpc.webhooks.test.mutate({ id });
    await trpc.webhooks.redeliver.mutate({ deliveryId: first.id });
    expect(await appError(trpc.webhooks.test.mutate({ id }))).toMatchObject({ appCode: "rate_limited", httpStatus: 429 });
    expect(await appError(trpc.webhooks.redeliver.mutate({ deliveryId: first.id }))).toMatchObject({ appCode: "rate_limited" });
    expect((await trpc.webhooks.deliveries.query({ id, limit: 100 })).items).toHaveLength(10);
  });

  it("pages the log with a cursor", async () => {
    const { trpc } = await signedIn();
    const { id } = await trpc.webhooks.create.mutate({ name: "x", url: hookUrl(), events: ["message.received"] });
    for (let i = 0; i < 3; i++) await trpc.webhooks.test.mutate({ id });
    const first = await trpc.webhooks.deliveries.query({ id, limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await trpc.webhooks.deliveries.query({ id, limit: 2, cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((d) => d.id)).size).toBe(3);
  });
});

describe("another user's endpoints and deliveries", () => {
  it("are refused on every procedure (not_found), and stay untouched", async () => {
    const owner = await signedIn();
    const tag = crypto.randomUUID();
    const { id } = await owner.trpc.webhooks.create.mutate({ name: "mine", url: hookUrl({}, tag), events: ["message.received"] });
    const delivery = await owner.trpc.webhooks.test.mutate({ id });
    const stranger = await signedIn();
    await stranger.trpc.webhooks.create.mutate({ name: "theirs", url: hookUrl(), events: ["message.received"] });

    const refusals = {
      update: () => stranger.trpc.webhooks.update.mutate({ id, name: "stolen", url: hookUrl(), enabled: false }),
      delete: () => stranger.trpc.webhooks.delete.mutate({ id }),
      rotateSecret: () => stranger.trpc.webhooks.rotateSecret.mutate({ id }),
      test: () => stranger.trpc.webhooks.test.mutate({ id }),
      deliveries: () => stranger.trpc.webhooks.deliveries.query({ id }),
      redeliver: () => stranger.trpc.webhooks.redeliver.mutate({ deliveryId: delivery.id }),
    };
    for (const [name, call] of Object.entries(refusals)) {
      expect({ name, ...(await appError(call())) }).toMatchObject({ name, appCode: "not_found", httpStatus: 404 });
    }
    expect((await stranger.trpc.webhooks.list.query()).map((e) => e.name)).toEqual(["theirs"]);
    expect(await owner.trpc.webhooks.list.query()).toMatchObject([{ id, name: "mine", enabled: true }]);
    expect((await owner.trpc.webhooks.deliveries.query({ id })).items).toHaveLength(1);
    expect(await received({ tag })).toHaveLength(1);
  });
});
