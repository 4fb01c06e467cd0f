import { setDomainSettings } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { messengerBindings } from "@mailroom/db/schema";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { createClient } from "./support/client.ts";
import { outboundSettings, sender } from "./support/outbound.ts";
import { resendSecondAccountKey } from "./support/resend-fake.ts";
import { db, seedUser } from "./support/seed.ts";
import { serviceContext } from "./support/service-context.ts";
import { newChatId, sentTexts, telegramSettings } from "./support/telegram.ts";
import { hookUrl, received } from "./support/webhooks.ts";

const eventsSecret = `whsec_${btoa("resend events signing secret!!")}`;
const otherSecret = `whsec_${btoa("somebody else's secret, 32 byte")}`;
const settings = (extra: Partial<Bindings> = {}) => outboundSettings({ OUTBOUND_EVENTS_SECRET: eventsSecret, ...extra });

/** Resend's event body for one mail. */
function resendEvent(type: string, emailId: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId, from: "a@mail.localhost", to: ["friend@example.com"], subject: "Hello there", created_at: new Date().toISOString(), ...extra } });
}

/** Posts an event as Resend does: svix headers signed with `secret` (the Standard Webhooks scheme). */
function postEvent(body: string, options: { secret?: string; at?: Date; headers?: Record<string, string>; settings?: Partial<Bindings> } = {}) {
  const id = `msg_${crypto.randomUUID()}`;
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret ?? eventsSecret).sign(id, at, body);
  return callWorker(
    "/api/outbound/events/resend",
    {
      method: "POST",
      headers: { "content-type": "application/json", "svix-id": id, "svix-timestamp": String(Math.floor(at.getTime() / 1000)), "svix-signature": signature, ...options.headers },
      body,
    },
    options.settings ?? settings(),
  );
}

/** A mail sent through the Resend fake, and its sender's client. */
async function sentMail(extra: Partial<Bindings> = {}) {
  const client = await sender(settings(extra));
  const record = await client.trpc.outbound.send.mutate({ mailboxId: client.box.id, to: ["friend@example.com"], subject: "Hello there", text: "Just saying hello." });
  expect(record).toMatchObject({ status: "sent", provider: "resend" });
  const emailId = record.providerMessageId ?? "";
  return { ...client, record, emailId };
}

describe("POST /api/outbound/events/resend", () => {
  it("moves a record to delivered, and a bounce to bounced with its reason", async () => {
    const { trpc, record, emailId } = await sentMail();
    const delivered = await postEvent(resendEvent("email.delivered", emailId));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ ok: true, applied: true });
    expect(await trpc.outbound.get.query({ id: record.id })).toMatchObject({ status: "delivered", statusReason: null });

    const bounce = { message: "The recipient's mailbox does not exist", type: "Permanent", subType: "General" };
    expect((await postEvent(resendEvent("email.bounced", emailId, { bounce }))).status).toBe(200);
    const bounced = await trpc.outbound.get.query({ id: record.id });
    expect(bounced).toMatchObject({ status: "bounced", statusReason: "The recipient's mailbox does not exist (Permanent, General)" });
    expect((await trpc.outbound.list.query()).items[0]).toMatchObject({ status: "bounced", statusReason: bounced.statusReason });
  });

  it("never moves back: delivered after a bounce, a delay after delivery, anything after a complaint", async () => {
    const first = await sentMail();
    await postEvent(resendEvent("email.bounced", first.emailId, { bounce: { message: "No such user" } }));
    const late = await postEvent(resendEvent("email.delivered", first.emailId));
    expect(await late.json()).toEqual({ ok: true, applied: false });
    expect((await first.trpc.outbound.get.query({ id: first.record.id })).status).toBe("bounced");

    const second = await sentMail();
    await postEvent(resendEvent("email.delivered", second.emailId));
    await postEvent(resendEvent("email.delivery_delayed", second.emailId));
    expect((await second.trpc.outbound.get.query({ id: second.record.id })).status).toBe("delivered");
    await postEvent(resendEvent("email.complained", second.emailId));
    await postEvent(resendEvent("email.bounced", second.emailId, { bounce: { message: "late" } }));
    expect(await second.trpc.outbound.get.query({ id: second.record.id })).toMatchObject({ status: "complained", statusReason: null });

    const third = await sentMail();
    await postEvent(resendEvent("email.delivery_delayed", third.emailId));
    expect((await third.trpc.outbound.get.query({ id: third.record.id })).status).toBe("delayed");
    await postEvent(resendEvent("email.delivered", third.emailId));
    expect((await third.trpc.outbound.get.query({ id: third.record.id })).status).toBe("delivered");
  });

  it("answers 200 and changes nothing for an unknown id, an event that moves nothing, or a platform mail's id", async () => {
    const { trpc, record, emailId } = await sentMail();
    for (const body of [resendEvent("email.delivered", "re_nobody_knows"), resendEvent("email.opened", emailId), resendEvent("email.sent", emailId), JSON.stringify({ type: "contact.created", data: { id: "c1" } })]) {
      const res = await postEvent(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, applied: false });
    }
    expect((await trpc.outbound.get.query({ id: record.id })).status).toBe("sent");

    const platform = await sender(outboundSettings({ OUTBOUND_API_KEY: undefined }));
    const local = await platform.trpc.outbound.send.mutate({ mailboxId: platform.box.id, to: ["friend@example.com"], subject: "Hi", text: "Hi" });
    expect(local.provider).toBe("platform");
    expect(await (await postEvent(resendEvent("email.bounced", local.providerMessageId ?? ""))).json()).toEqual({ ok: true, applied: false });
    expect((await platform.trpc.outbound.get.query({ id: local.id })).status).toBe("sent");
  });

  it("answers 401 for a missing, wrong or stale signature, an altered body, or no secret to check with, and changes nothing", async () => {
    const { trpc, record, emailId } = await sentMail();
    const body = resendEvent("email.bounced", emailId, { bounce: { message: "forged" } });
    const answers = [
      await callWorker("/api/outbound/events/resend", { method: "POST", headers: { "content-type": "application/json" }, body }, settings()),
      await postEvent(body, { secret: otherSecret }),
      await postEvent(body, { at: new Date(Date.now() - 10 * 60_000) }),
      await postEvent(body, { headers: { "svix-signature": "v1,AAAA" } }),
      await postEvent(body, { settings: settings({ OUTBOUND_EVENTS_SECRET: undefined }) }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    }
    // Signed, then changed on the way.
    const id = "msg_altered";
    const at = new Date();
    const altered = await callWorker(
      "/api/outbound/events/resend",
      { method: "POST", headers: { "svix-id": id, "svix-timestamp": String(Math.floor(at.getTime() / 1000)), "svix-signature": new Webhook(eventsSecret).sign(id, at, resendEvent("email.delivered", emailId)) }, body },
      settings(),
    );
    expect(altered.status).toBe(401);
    expect((await trpc.outbound.get.query({ id: record.id })).status).toBe("sent");
  });

  it("answers 400 for a signed body that is not an event", async () => {
    const res = await postEvent("not json at all");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_failed" } });
  });

  it("verifies with a domain's own signing secret (its own Resend account)", async () => {
    const sealing = { WEBHOOK_SECRET_KEY: btoa("s".repeat(32)) };
    const domains = ["mail.localhost", "second.example"];
    await setDomainSettings(serviceContext(), { domains, defaultDomain: "mail.localhost", roleAccess: { admin: domains, user: domains } }, null);
    const boss = await seedUser({ role: "admin" });
    const admin = createClient({ overrides: settings(sealing) });
    await admin.trpc.auth.login.mutate({ email: boss.email, password: boss.password });
    await admin.trpc.admin.senders.set.mutate({ domain: "second.example", provider: "resend", apiKey: resendSecondAccountKey, eventsSecret: otherSecret });
    expect((await admin.trpc.admin.senders.list.query()).domains.find((d) => d.domain === "second.example")).toMatchObject({ hasApiKey: true, hasEventsSecret: true });

    const { trpc } = await sender(settings(sealing));
    const box = await trpc.mailboxes.create.mutate({ domain: "second.example" });
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, to: ["friend@example.com"], subject: "Hi", text: "Hi" });
    const res = await postEvent(resendEvent("email.delivered", record.providerMessageId ?? ""), { secret: otherSecret, settings: settings(sealing) });
    expect(await res.json()).toEqual({ ok: true, applied: true });
    expect((await trpc.outbound.get.query({ id: record.id })).status).toBe("delivered");
  });
});

describe("a bounce reaches its sender", () => {
  it("through the bot and a signed outbound.bounced webhook, once, and only to endpoints that subscribed", async () => {
    const bot = telegramSettings("bounce-token");
    const { trpc, user, record, emailId } = await sentMail(bot);
    const chatId = String(newChatId());
    await db().insert(messengerBindings).values({ userId: user.id, chatId, chatType: "private", chatTitle: "@ada", paused: false, boundAt: new Date() });
    const subscribed = crypto.randomUUID();
    const unsubscribed = crypto.randomUUID();
    await trpc.webhooks.create.mutate({ name: "bounces", url: hookUrl({}, subscribed), events: ["outbound.bounced"] });
    await trpc.webhooks.create.mutate({ name: "mail", url: hookUrl({}, unsubscribed), events: ["message.received"] });

    const since = Date.now();
    const body = resendEvent("email.bounced", emailId, { bounce: { message: "Mailbox full", type: "Transient" } });
    expect((await postEvent(body, { settings: settings(bot) })).status).toBe(200);
    // Resend retries an event it thinks was lost: nothing is sent twice.
    expect(await (await postEvent(body, { settings: settings(bot) })).json()).toEqual({ ok: true, applied: false });

    const hooks = await received({ tag: subscribed });
    expect(hooks).toHaveLength(1);
    const event = JSON.parse(hooks[0]?.body ?? "{}") as { type: string; data: unknown };
    expect(event).toMatchObject({ type: "outbound.bounced", data: { outboundId: record.id, to: ["friend@example.com"], status: "bounced", reason: "Mailbox full (Transient)" } });
    expect(hooks[0]?.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(await received({ tag: unsubscribed })).toHaveLength(0);

    const texts = await sentTexts(chatId, since);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Your mail bounced");
    expect(texts[0]).toContain("friend@example.com");
    expect(texts[0]).toContain("Reason: Mailbox full (Transient)");
  });
});
