import { runRetention, setBusinessDefaults, setUserFeatures } from "@mailroom/api";
import { describe, expect, inject, it } from "vitest";
import { resendSender } from "../../packages/api/src/adapters/outbound.ts";
import { sendOutbound } from "../../packages/api/src/services/outbound/index.ts";
import type { SendInput } from "../../packages/api/src/services/outbound/input.ts";
import { callWorker } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, simpleMail } from "./support/email-message.ts";
import { outboundSettings, rawSend, resendCalls, sender, serviceAddress, signedInContext } from "./support/outbound.ts";
import { resendTestKey } from "./support/resend-fake.ts";
import { seedUser } from "./support/seed.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

type SendArgs = Parameters<ReturnType<typeof createClient>["trpc"]["outbound"]["send"]["mutate"]>[0];

const mail = (to: SendArgs["to"], extra: Partial<SendArgs> = {}) => ({ to, subject: "Hello there", text: "Just saying hello.", ...extra });

/** The same mail as the service takes it (already validated). */
const serviceMail = (mailboxId: string, to: string): SendInput => ({ mailboxId, from: "mailbox", to: [to], subject: "Hello there", text: "Just saying hello." });

describe("outbound.send", () => {
  it("sends through the provider with the key, the JSON body and the record id as Idempotency-Key", async () => {
    const { trpc, box } = await sender();
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(["friend@example.com"], { cc: "cc@example.com", bcc: ["bcc@example.com"], html: "<p>Just saying hello.</p>" }) });
    expect(record).toMatchObject({ status: "sent", from: box.address, to: ["friend@example.com"], cc: ["cc@example.com"], bcc: ["bcc@example.com"], error: null });
    expect(record.providerMessageId).toMatch(/^re_fake_/);
    const [call, ...more] = await resendCalls(box.address);
    expect(more).toHaveLength(0);
    expect(call?.authorization).toBe(`Bearer ${resendTestKey}`);
    expect(call?.contentType).toBe("application/json");
    expect(call?.idempotencyKey).toBe(record.id);
    expect(call?.body).toEqual({
      from: box.address,
      to: ["friend@example.com"],
      cc: ["cc@example.com"],
      bcc: ["bcc@example.com"],
      subject: "Hello there",
      text: "Just saying hello.",
      html: "<p>Just saying hello.</p>",
    });
    expect(await trpc.outbound.status.query()).toMatchObject({ enabled: true, reason: null, sentToday: 1, quota: 20 });
  });

  it("sends attachments as base64 and keeps only their names and sizes", async () => {
    const { trpc, box } = await sender();
    const content = btoa("%PDF-1.4 tiny");
    const record = await trpc.outbound.send.mutate({
      mailboxId: box.id,
      ...mail("friend@example.com", { attachments: [{ filename: "note.pdf", contentType: "application/pdf", content }, { filename: "plain.txt", content: btoa("hi") }] }),
    });
    expect(record.attachments).toEqual([
      { filename: "note.pdf", contentType: "application/pdf", size: 13 },
      { filename: "plain.txt", contentType: null, size: 2 },
    ]);
    const [call] = await resendCalls(box.address);
    expect(call?.body.attachments).toEqual([
      { filename: "note.pdf", content, content_type: "application/pdf" },
      { filename: "plain.txt", content: btoa("hi") },
    ]);
  });

  it("records a refusal as failed with the provider's text and gives the quota unit back", async () => {
    const { trpc, box } = await sender();
    const refused = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("refuse-me@example.com") });
    expect(refused).toMatchObject({ status: "failed", providerMessageId: null, error: "Invalid `to` field: refuse-me@example.com is on the suppression list" });
    const down = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("down-now@example.com") });
    expect(down.status).toBe("failed");
    expect(down.error).toBeTruthy();
    expect((await trpc.outbound.status.query()).sentToday).toBe(0);
    expect((await trpc.outbound.get.query({ id: refused.id })).error).toContain("suppression list");
  });

  it("refuses 10 concurrent sends past a quota of 3: exactly 3 reach the provider", async () => {
    const { trpc, box, user, state, settings } = await sender();
    await setUserFeatures(serviceContext(), user.id, { outboundDailyQuota: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(`race${i}@example.com`) })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected")) expect(r.reason).toMatchObject({ data: { appCode: "quota_exceeded" } });
    expect(await resendCalls(box.address)).toHaveLength(3);
    expect((await trpc.outbound.status.query()).sentToday).toBe(3);
    const over = await rawSend(state.cookie, { mailboxId: box.id, ...mail("one-more@example.com") }, settings);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
  });

  it("uses the business default quota when the user has no override", async () => {
    const { trpc, box } = await sender();
    await setBusinessDefaults(serviceContext(), { outboundDailyQuota: 1 }, null);
    try {
      expect((await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("first@example.com") })).status).toBe("sent");
      expect((await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("second@example.com") }))).appCode).toBe("quota_exceeded");
    } finally {
      await setBusinessDefaults(serviceContext(), { outboundDailyQuota: 20 }, null);
    }
  });

  it("answers feature_disabled when switched off for the user or with no provider (no OUTBOUND_API_KEY, no SEND_EMAIL), and calls nobody", async () => {
    const off = await sender();
    await setUserFeatures(serviceContext(), off.user.id, { outbound: false });
    const switched = await appError(off.trpc.outbound.send.mutate({ mailboxId: off.box.id, ...mail("friend@example.com") }));
    expect(switched).toMatchObject({ appCode: "feature_disabled", httpStatus: 403 });
    expect(await off.trpc.outbound.status.query()).toMatchObject({ enabled: false, reason: "switched_off" });

    const unconfigured = await sender(outboundSettings({ OUTBOUND_API_KEY: undefined, SEND_EMAIL: undefined }));
    const noKey = await appError(unconfigured.trpc.outbound.send.mutate({ mailboxId: unconfigured.box.id, ...mail("friend@example.com") }));
    expect(noKey).toMatchObject({ appCode: "feature_disabled", httpStatus: 403 });
    expect(await unconfigured.trpc.outbound.status.query()).toMatchObject({ enabled: false, reason: "not_configured" });
    expect(await resendCalls(off.box.address)).toHaveLength(0);
    expect(await resendCalls(unconfigured.box.address)).toHaveLength(0);
  });

  it("refuses another user's mailbox as the sender", async () => {
    const owner = await sender();
    const intruder = await sender();
    const refused = await appError(intruder.trpc.outbound.send.mutate({ mailboxId: owner.box.id, ...mail("friend@example.com") }));
    expect(refused).toMatchObject({ appCode: "forbidden", httpStatus: 403 });
    expect(refused.issues?.[0]?.path).toBe("mailboxId");
    expect(await resendCalls(owner.box.address)).toHaveLength(0);
    expect((await intruder.trpc.outbound.list.query({})).items).toHaveLength(0);
  });

  it("sends once for one idempotency key, also when the retries race, and returns the first record", async () => {
    const { trpc, box } = await sender();
    const input = { mailboxId: box.id, ...mail("friend@example.com"), idempotencyKey: "order-42-receipt" };
    const first = await trpc.outbound.send.mutate(input);
    const again = await trpc.outbound.send.mutate(input);
    expect(again.id).toBe(first.id);
    expect(again.status).toBe("sent");
    const racing = await Promise.all(Array.from({ length: 4 }, () => trpc.outbound.send.mutate({ ...input, idempotencyKey: "order-43-receipt" })));
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    expect(await resendCalls(box.address)).toHaveLength(2);
    expect((await trpc.outbound.status.query()).sentToday).toBe(2);
    expect((await trpc.outbound.list.query({})).items).toHaveLength(2);
  });

  it("sends from OUTBOUND_FROM with the mailbox as Reply-To when asked for the service address", async () => {
    const { trpc, box } = await sender();
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, from: "service", ...mail("friend@example.com") });
    expect(record).toMatchObject({ status: "sent", from: serviceAddress, replyTo: box.address });
    const [call] = await resendCalls(box.address);
    expect(call?.body).toMatchObject({ from: serviceAddress, reply_to: box.address });

    const without = await sender(outboundSettings({ OUTBOUND_FROM: undefined }));
    const refused = await appError(without.trpc.outbound.send.mutate({ mailboxId: without.box.id, from: "service", ...mail("friend@example.com") }));
    expect(refused).toMatchObject({ appCode: "validation_failed", issues: [{ path: "from", message: "Send from your mailbox" }] });
    expect((await without.trpc.outbound.status.query()).serviceAddress).toBeNull();
  });

  it("validates recipients, subject and size before anything is sent or counted", async () => {
    const { trpc, box } = await sender();
    const many = Array.from({ length: 30 }, (_, i) => `r${i}@example.com`);
    const tooMany = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(many, { cc: many.slice(0, 21) }) }));
    expect(tooMany).toMatchObject({ appCode: "validation_failed", issues: [{ path: "to" }] });
    const bad = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(["ok@example.com", "not an address"]) }));
    expect(bad.issues).toEqual([{ path: "to.1", message: "Enter a valid e-mail address", rule: "invalid_format", params: { format: "email", origin: "string" } }]);
    const none = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail([]) }));
    expect(none.issues?.[0]?.path).toBe("to");
    const header = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("a@example.com", { subject: "Hi\r\nBcc: victim@example.com" }) }));
    expect(header.issues?.[0]?.path).toBe("subject");
    const notBase64 = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("a@example.com", { attachments: [{ filename: "x.bin", content: "not base64!" }] }) }));
    expect(notBase64.issues?.[0]?.path).toBe("attachments.0.content");

    await setBusinessDefaults(serviceContext(), { attachmentMaxBytes: 1024 }, null);
    try {
      const big = btoa("x".repeat(1500));
      const tooLarge = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("a@example.com", { attachments: [{ filename: "big.txt", content: big }] }) }));
      expect(tooLarge).toMatchObject({ appCode: "payload_too_large", httpStatus: 413 });
    } finally {
      await setBusinessDefaults(serviceContext(), { attachmentMaxBytes: 10 * 1024 * 1024 }, null);
    }
    expect(await resendCalls(box.address)).toHaveLength(0);
    expect((await trpc.outbound.status.query()).sentToday).toBe(0);
  });

  it("takes a 2 MiB attachment through HTTP while other procedures keep the 1 MiB body limit", async () => {
    const { trpc, box, state, settings } = await sender();
    const content = btoa("a".repeat(2 * 1024 * 1024));
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("friend@example.com", { attachments: [{ filename: "big.txt", content }] }) });
    expect(record.status).toBe("sent");
    expect(record.attachments[0]?.size).toBe(2 * 1024 * 1024);
    const large = JSON.stringify({ json: { localPart: "x".repeat(2 * 1024 * 1024) } });
    const post = (path: string) =>
      callWorker(path, { method: "POST", headers: { "Content-Type": "application/json", Cookie: `app_session=${state.cookie ?? ""}` }, body: large }, settings);
    expect((await post("/api/trpc/mailboxes.create")).status).toBe(413);
    expect((await post("/api/trpc/outbound.send,mailboxes.create?batch=1")).status).toBe(413);
  });

  it("rate-limits sends like the other write paths", async () => {
    const { user, box } = await sender();
    const ctx = await signedInContext(user.id);
    const limited = { ...ctx, stores: { ...ctx.stores, rateLimiter: { limit: () => Promise.resolve({ success: false }) } } };
    const refused = await sendOutbound(limited, serviceMail(box.id, "friend@example.com")).catch((e: unknown) => e);
    expect(refused).toMatchObject({ appCode: "rate_limited" });
  });
});

describe("outbound quota and provider timeouts (service, controlled clock)", () => {
  it("answers Retry-After with the seconds to the next UTC midnight", async () => {
    const { user, box } = await sender();
    await setUserFeatures(serviceContext(), user.id, { outboundDailyQuota: 1 });
    const clock = fixedClock(Date.parse("2026-03-01T23:59:30.250Z"));
    const ctx = await signedInContext(user.id, { clock });
    await sendOutbound(ctx, serviceMail(box.id, "a@example.com"));
    const over = await sendOutbound(ctx, serviceMail(box.id, "b@example.com")).catch((e: unknown) => e);
    expect(over).toMatchObject({ appCode: "quota_exceeded", retryAfter: 30 });
    // A new UTC day has a fresh quota.
    clock.set(Date.parse("2026-03-02T00:00:00.000Z"));
    expect((await sendOutbound(ctx, serviceMail(box.id, "c@example.com"))).status).toBe("sent");
  });

  it("records a provider that does not answer in time as failed and keeps the unit (the mail may have gone out)", async () => {
    const { user, box, trpc } = await sender();
    const ctx = await signedInContext(user.id);
    const impatient = { ...ctx, adapters: { ...ctx.adapters, resend: (apiKey: string) => resendSender({ apiKey, baseUrl: inject("fakes").resend ?? "", timeoutMs: 300 }) } };
    const started = Date.now();
    const record = await sendOutbound(impatient, serviceMail(box.id, "slow-reader@example.com"));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(record.status).toBe("failed");
    expect(record.error).toContain("did not answer within 0.3 s");
    expect((await trpc.outbound.status.query()).sentToday).toBe(1);
  });
});

describe("replies", () => {
  it("threads a reply to a received message with In-Reply-To and References", async () => {
    const { trpc, box } = await sender();
    const raw = simpleMail({ from: "Shop <shop@example.com>", to: box.address, subject: "Your order", messageId: "<order-7@shop.example>", extraHeaders: ["References: <thread-1@shop.example> <thread-2@shop.example>"] });
    await deliver(emailMessage({ from: "shop@example.com", to: box.address, raw }));
    const [received] = (await trpc.messages.list.query({})).items;
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("shop@example.com", { subject: "Re: Your order", inReplyTo: received?.id }) });
    expect(record).toMatchObject({ status: "sent", inReplyTo: "<order-7@shop.example>" });
    const [call] = await resendCalls(box.address);
    expect(call?.body.headers).toEqual({ "In-Reply-To": "<order-7@shop.example>", References: "<thread-1@shop.example> <thread-2@shop.example> <order-7@shop.example>" });
  });

  it("answers mail sent to box+tag from box itself (the tag is not an address of its own)", async () => {
    const { trpc, box } = await sender();
    const [local, domain] = box.address.split("@");
    const tagged = `${local ?? ""}+news@${domain ?? ""}`;
    await deliver(emailMessage({ from: "shop@example.com", to: tagged, raw: simpleMail({ from: "Shop <shop@example.com>", to: tagged, subject: "Tagged", messageId: "<tagged-1@shop.example>" }) }));
    const [received] = (await trpc.messages.list.query({ query: "tag:news" })).items;
    expect(received).toMatchObject({ tag: "news", deliveredTo: tagged, mailboxId: box.id });
    await trpc.outbound.send.mutate({ mailboxId: received?.mailboxId ?? "", ...mail("shop@example.com", { subject: "Re: Tagged", inReplyTo: received?.id }) });
    const [call] = await resendCalls(box.address);
    expect(call?.body.from).toContain(box.address);
    expect(JSON.stringify(call?.body)).not.toContain("+news");
  });

  it("refuses to reply to another user's message", async () => {
    const owner = await sender();
    await deliver(emailMessage({ from: "a@example.com", to: owner.box.address, raw: simpleMail({ to: owner.box.address, messageId: "<private@example.com>" }) }));
    const [received] = (await owner.trpc.messages.list.query({})).items;
    const other = await sender();
    const refused = await appError(other.trpc.outbound.send.mutate({ mailboxId: other.box.id, ...mail("a@example.com", { inReplyTo: received?.id }) }));
    expect(refused).toMatchObject({ appCode: "not_found", issues: [{ path: "inReplyTo" }] });
    expect(await resendCalls(other.box.address)).toHaveLength(0);
  });
});

describe("outbound.list and outbound.get", () => {
  it("list the caller's records newest first with cursor paging; get is owner-checked", async () => {
    const { trpc, box } = await sender();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(`p${i}@example.com`, { subject: `Mail ${i}` }) }));
    const first = await trpc.outbound.list.query({ limit: 3 });
    expect(first.items.map((r) => r.subject)).toEqual(["Mail 4", "Mail 3", "Mail 2"]);
    expect(first.items[0]).not.toHaveProperty("text");
    const second = await trpc.outbound.list.query({ limit: 3, cursor: first.nextCursor });
    expect(second.items.map((r) => r.subject)).toEqual(["Mail 1", "Mail 0"]);
    expect(second.nextCursor).toBeNull();
    expect((await trpc.outbound.list.query()).items).toHaveLength(5);

    const one = await trpc.outbound.get.query({ id: sent[0]?.id ?? "" });
    expect(one).toMatchObject({ subject: "Mail 0", text: "Just saying hello.", status: "sent" });
    const stranger = await sender();
    expect((await appError(stranger.trpc.outbound.get.query({ id: one.id }))).appCode).toBe("not_found");
    expect((await appError(createClient().trpc.outbound.list.query({}))).appCode).toBe("unauthorized");
  });

  it("show administrators each user's sends today against their quota", async () => {
    const { trpc, box, user } = await sender();
    await setUserFeatures(serviceContext(), user.id, { outboundDailyQuota: 7 });
    await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("friend@example.com") });
    const admin = await seedUser({ role: "admin" });
    const adminClient = createClient();
    await adminClient.trpc.auth.login.mutate({ email: admin.email, password: admin.password });
    const page = await adminClient.trpc.admin.users.list.query({ query: user.email });
    expect(page.items[0]?.outbound).toEqual({ sentToday: 1, quota: 7 });
    const adminRow = (await adminClient.trpc.admin.users.list.query({ query: admin.email })).items[0];
    expect(adminRow?.outbound).toEqual({ sentToday: 0, quota: 20 });
  });
});

describe("retention of outbound records", () => {
  it("deletes records older than the mail retention days in force, and keeps newer ones", async () => {
    const { user, box, trpc } = await sender();
    const sentAt = Date.parse("2026-01-10T12:00:00.000Z");
    const ctx = await signedInContext(user.id, { clock: fixedClock(sentAt) });
    const old = await sendOutbound(ctx, serviceMail(box.id, "old@example.com"));
    const recent = await sendOutbound(await signedInContext(user.id, { clock: fixedClock(sentAt + 3 * 86_400_000) }), serviceMail(box.id, "recent@example.com"));
    await setBusinessDefaults(serviceContext(), { retentionDays: 5 }, null);
    try {
      const report = await runRetention(serviceContext({ clock: fixedClock(sentAt + 6 * 86_400_000) }));
      expect(report.outboundMessages).toBe(1);
    } finally {
      await setBusinessDefaults(serviceContext(), { retentionDays: 7 }, null);
    }
    expect((await appError(trpc.outbound.get.query({ id: old.id }))).appCode).toBe("not_found");
    expect((await trpc.outbound.get.query({ id: recent.id })).status).toBe("sent");
  });
});
