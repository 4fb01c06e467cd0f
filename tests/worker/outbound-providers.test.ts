import { setDomainSettings, setUserFeatures } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { domainSenders } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { outboundSettings, resendCalls, sender } from "./support/outbound.ts";
import { resendSecondAccountKey, resendTestKey } from "./support/resend-fake.ts";
import { db, seedUser } from "./support/seed.ts";
import { serviceContext } from "./support/service-context.ts";

type Builder = EmailMessageBuilder;

/** A `send_email` binding that records each call and answers (or throws) as told. */
function recordingBinding(answer: (message: Builder) => string | Error = () => `<${crypto.randomUUID()}@platform.test>`) {
  const calls: Builder[] = [];
  const binding: SendEmail = {
    send: (message: EmailMessage | Builder) => {
      // Mailroom sends the structured form only.
      if (!("subject" in message)) return Promise.reject(new Error("a raw EmailMessage was sent"));
      calls.push(message);
      const outcome = answer(message);
      return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve({ messageId: outcome });
    },
  };
  return { binding, calls };
}

/** Settings with only the platform's sending (no Resend key). */
const platformOnly = (binding: SendEmail): Partial<Bindings> => outboundSettings({ OUTBOUND_API_KEY: undefined, SEND_EMAIL: binding });

const mail = (to: string) => ({ to: [to], subject: "Hello there", text: "Just saying hello." });

async function admin(settings: Partial<Bindings> = outboundSettings()) {
  const user = await seedUser({ role: "admin" });
  const client = createClient({ overrides: settings });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return client;
}

// Two more mail domains, so each test can give one its own provider.
const domains = ["mail.localhost", "platform.example", "resend.example", "other.example"];
await setDomainSettings(serviceContext(), { domains, defaultDomain: "mail.localhost", roleAccess: { admin: domains, user: domains } }, null);

describe("provider platform (the send_email binding)", () => {
  it("sends the structured message with every field and records the platform's Message-ID", async () => {
    const { binding, calls } = recordingBinding(() => "<abc-1@platform.test>");
    const { trpc, box } = await sender(platformOnly(binding));
    const content = btoa("%PDF-1.4 tiny");
    const record = await trpc.outbound.send.mutate({
      mailboxId: box.id,
      from: "service",
      to: ["friend@example.com"],
      cc: ["cc@example.com"],
      bcc: ["bcc@example.com"],
      subject: "Plans",
      text: "Dinner at eight?",
      html: "<p>Dinner at eight?</p>",
      attachments: [{ filename: "menu.pdf", contentType: "application/pdf", content }],
    });
    expect(record).toMatchObject({ status: "sent", provider: "platform", providerMessageId: "<abc-1@platform.test>", error: null, statusReason: null });
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call).toMatchObject({
      from: { name: "Mailroom", email: "noreply@mail.localhost" },
      to: ["friend@example.com"],
      cc: ["cc@example.com"],
      bcc: ["bcc@example.com"],
      replyTo: box.address,
      subject: "Plans",
      text: "Dinner at eight?",
      html: "<p>Dinner at eight?</p>",
    });
    const attachment = call?.attachments?.[0];
    expect(attachment).toMatchObject({ disposition: "attachment", filename: "menu.pdf", type: "application/pdf" });
    expect(new TextDecoder().decode(attachment?.content as Uint8Array)).toBe("%PDF-1.4 tiny");
    expect(await resendCalls(box.address)).toHaveLength(0);
    expect((await trpc.outbound.status.query()).sentToday).toBe(1);
  });

  it("records each refusal (unverified sender, recipient, size) as failed with the platform's words and gives the unit back", async () => {
    const refusals: Record<string, string> = {
      "unverified@example.com": "E_SENDER_NOT_VERIFIED: the sender's domain is not verified for sending",
      "nobody@example.com": "E_RECIPIENT_NOT_ALLOWED: recipient not allowed",
      "huge@example.com": "E_MESSAGE_TOO_LARGE: message exceeds the size limit",
    };
    const { binding } = recordingBinding((m) => {
      const to = Array.isArray(m.to) ? m.to[0] : m.to;
      const words = typeof to === "string" ? refusals[to] : undefined;
      return words ? new Error(words) : "<ok@platform.test>";
    });
    const { trpc, box } = await sender(platformOnly(binding));
    for (const [to, words] of Object.entries(refusals)) {
      const record = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(to) });
      expect(record).toMatchObject({ status: "failed", provider: "platform", providerMessageId: null, error: words });
    }
    expect((await trpc.outbound.status.query()).sentToday).toBe(0);
    expect((await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("friend@example.com") })).status).toBe("sent");
    expect((await trpc.outbound.status.query()).sentToday).toBe(1);
  });

  it("holds the quota on the platform too: 6 concurrent sends past a quota of 2 reach the binding twice", async () => {
    const { binding, calls } = recordingBinding();
    const { trpc, box, user } = await sender(platformOnly(binding));
    await setUserFeatures(serviceContext(), user.id, { outboundDailyQuota: 2 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => trpc.outbound.send.mutate({ mailboxId: box.id, ...mail(`race${i}@example.com`) })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(calls).toHaveLength(2);
  });

  it("sends through wrangler's local emulation of the binding from wrangler.toml (what npm run dev uses)", async () => {
    const { trpc, box } = await sender(outboundSettings({ OUTBOUND_API_KEY: undefined }));
    const record = await trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("friend@example.com") });
    expect(record).toMatchObject({ status: "sent", provider: "platform", error: null });
    expect(record.providerMessageId).toMatch(/@/);
    expect(await trpc.outbound.status.query()).toMatchObject({ enabled: true, reason: null });
  });
});

describe("a provider per domain (admin.senders)", () => {
  it("chooses per domain: the platform for one, Resend with a key of its own for another, automatic for the rest", async () => {
    const { binding, calls } = recordingBinding();
    // With WEBHOOK_SECRET_KEY set, as remotely: the key is sealed, not stored as it is.
    const settings = outboundSettings({ SEND_EMAIL: binding, WEBHOOK_SECRET_KEY: btoa("k".repeat(32)) });
    const boss = await admin(settings);
    expect(await boss.trpc.admin.senders.set.mutate({ domain: "platform.example", provider: "platform" })).toMatchObject({ choice: "platform", provider: "platform", problem: null });
    expect(await boss.trpc.admin.senders.set.mutate({ domain: "resend.example", provider: "resend", apiKey: resendSecondAccountKey })).toMatchObject({ choice: "resend", hasApiKey: true, provider: "resend" });
    const listed = await boss.trpc.admin.senders.list.query();
    expect(listed).toMatchObject({ platformBound: true, resendKeySet: true });
    expect(listed.domains.find((d) => d.domain === "mail.localhost")).toMatchObject({ choice: "auto", provider: "resend" });
    // The key is sealed at rest and never shown again.
    expect(JSON.stringify(listed)).not.toContain(resendSecondAccountKey);
    const [row] = await db().select().from(domainSenders).where(eq(domainSenders.domain, "resend.example"));
    expect(row?.apiKey).toBeTruthy();
    expect(row?.apiKey).not.toContain(resendSecondAccountKey);

    const { trpc } = await sender(settings);
    const onPlatform = await trpc.mailboxes.create.mutate({ domain: "platform.example" });
    const onResend = await trpc.mailboxes.create.mutate({ domain: "resend.example" });
    expect(await trpc.outbound.send.mutate({ mailboxId: onPlatform.id, ...mail("a@example.com") })).toMatchObject({ status: "sent", provider: "platform" });
    expect(calls.map((c) => c.from)).toEqual([onPlatform.address]);
    expect(await resendCalls(onPlatform.address)).toHaveLength(0);
    expect(await trpc.outbound.send.mutate({ mailboxId: onResend.id, ...mail("b@example.com") })).toMatchObject({ status: "sent", provider: "resend" });
    expect((await resendCalls(onResend.address)).map((c) => c.authorization)).toEqual([`Bearer ${resendSecondAccountKey}`]);

    // Back to automatic: Resend with OUTBOUND_API_KEY.
    await boss.trpc.admin.senders.set.mutate({ domain: "resend.example", provider: "auto" });
    await trpc.outbound.send.mutate({ mailboxId: onResend.id, ...mail("c@example.com") });
    expect((await resendCalls(onResend.address)).map((c) => c.authorization)).toEqual([`Bearer ${resendSecondAccountKey}`, `Bearer ${resendTestKey}`]);
  });

  it("refuses to send from a domain whose provider is missing, names the domain, writes nothing and takes no quota", async () => {
    const boss = await admin(outboundSettings({ SEND_EMAIL: undefined }));
    await boss.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "platform" });
    const { trpc } = await sender(outboundSettings({ SEND_EMAIL: undefined }));
    const box = await trpc.mailboxes.create.mutate({ domain: "other.example" });
    const refused = await appError(trpc.outbound.send.mutate({ mailboxId: box.id, ...mail("a@example.com") }));
    expect(refused).toMatchObject({ appCode: "feature_disabled", httpStatus: 403 });
    expect(refused.message).toContain("other.example");
    expect(refused.message).toContain("SEND_EMAIL");
    expect((await trpc.outbound.list.query()).items).toHaveLength(0);
    expect((await trpc.outbound.status.query()).sentToday).toBe(0);
    const missing = (await boss.trpc.admin.senders.list.query()).domains.find((d) => d.domain === "other.example");
    expect(missing?.provider).toBeNull();
    expect(missing?.problem).toContain("SEND_EMAIL");

    // Resend chosen with no key anywhere.
    const keyless = await admin(outboundSettings({ OUTBOUND_API_KEY: undefined, SEND_EMAIL: undefined }));
    await keyless.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "resend" });
    const view = (await keyless.trpc.admin.senders.list.query()).domains.find((d) => d.domain === "other.example");
    expect(view).toMatchObject({ choice: "resend", provider: null });
    expect(view?.problem).toContain("OUTBOUND_API_KEY");
    await boss.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "auto" });
  });

  it("validates: a mail domain only, a key that looks like one, keys with Resend only; administrators only", async () => {
    const boss = await admin();
    expect(await appError(boss.trpc.admin.senders.set.mutate({ domain: "elsewhere.example", provider: "platform" }))).toMatchObject({ appCode: "validation_failed" });
    expect(await appError(boss.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "resend", apiKey: "not a key" }))).toMatchObject({ appCode: "validation_failed" });
    expect(await appError(boss.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "resend", eventsSecret: "secret" }))).toMatchObject({ appCode: "validation_failed" });
    expect(await appError(boss.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "platform", apiKey: resendTestKey }))).toMatchObject({ appCode: "validation_failed" });
    const member = await sender();
    expect(await appError(member.trpc.admin.senders.list.query())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(member.trpc.admin.senders.set.mutate({ domain: "other.example", provider: "platform" }))).toMatchObject({ appCode: "forbidden" });
  });
});
