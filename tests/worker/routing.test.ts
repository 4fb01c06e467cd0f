import { forgetCachedReads, setBusinessDefaults, setDomainSettings } from "@mailroom/api";
import { blockRules, mailboxes, messages, systemSettings, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { keyOwner, v1 } from "./support/api-keys.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment, simpleMail, storedRaw } from "./support/email-message.ts";
import { db, seedUser } from "./support/seed.ts";
import { serviceContext } from "./support/service-context.ts";

// Mail routing (CONTRACT §13), each rule through the worker's real email() handler.

const domain = "mail.localhost";

async function signedIn(role: "admin" | "user" = "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

async function resetSettings() {
  const ctx = serviceContext();
  await db().delete(systemSettings);
  await setBusinessDefaults(ctx, {}, null);
  await setDomainSettings(ctx, { domains: [domain, "other.localhost"], defaultDomain: domain, roleAccess: { admin: [domain], user: [domain] } }, null);
}

let sequence = 0;
/** Delivers one simple mail to `to` and answers the test message (with its reject spy) and its Message-ID. */
async function send(to: string, options: { from?: string; envelopeFrom?: string; headers?: string[]; forward?: (to: string, headers?: Headers) => Promise<EmailSendResult> } = {}) {
  sequence += 1;
  const messageId = `<routing-${String(sequence)}-${crypto.randomUUID()}@example.com>`;
  const raw = simpleMail({ to, from: options.from ?? "Shop <news@shop.example>", messageId, subject: `Routing ${String(sequence)}`, text: "Your code is 482913.", extraHeaders: options.headers ?? [] });
  const message = emailMessage({ from: options.envelopeFrom ?? "bounce@shop.example", to, raw, ...(options.forward ? { forward: options.forward } : {}) });
  await deliver(message);
  return { message, messageId };
}

const rowOf = async (messageId: string) => (await db().select().from(messages).where(eq(messages.messageIdHeader, messageId)))[0];

beforeEach(resetSettings);

describe("plus-addressing", () => {
  it("delivers box+tag to box, keeps the tag and the address, finds it by tag, and shows both", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "plus" });
    const { message, messageId } = await send(`Plus+Shop@${domain}`);
    expect(message.setReject).not.toHaveBeenCalled();
    const row = await rowOf(messageId);
    expect(row).toMatchObject({ mailboxId: box.id, plusTag: "shop", deliveredTo: `plus+shop@${domain}`, toAddress: box.address });

    const detail = await trpc.messages.get.query({ id: row?.id ?? "" });
    expect(detail).toMatchObject({ tag: "shop", deliveredTo: `plus+shop@${domain}`, to: box.address, suspicious: false });
    for (const query of ["tag:shop", "tag:sh", "shop"]) {
      expect((await trpc.messages.list.query({ query })).items.map((m) => m.id), query).toContain(row?.id);
    }
    expect((await trpc.messages.list.query({ query: "tag:other" })).items).toHaveLength(0);

    // Without a tag: no tag, and the address it was sent to is the mailbox's own.
    const plain = await rowOf((await send(box.address)).messageId);
    expect(plain).toMatchObject({ plusTag: null, deliveredTo: null });
    expect(await trpc.messages.get.query({ id: plain?.id ?? "" })).toMatchObject({ tag: null, deliveredTo: box.address });
  });

  it("keeps a unicode tag as sent, and an empty tag is no tag", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "uni" });
    const row = await rowOf((await send(`uni+ünïcødé-日本@${domain}`)).messageId);
    expect(row).toMatchObject({ mailboxId: box.id, plusTag: "ünïcødé-日本" });
    expect((await trpc.messages.list.query({ query: "tag:ünï" })).items.map((m) => m.id)).toEqual([row?.id]);
    expect(await rowOf((await send(`uni+@${domain}`)).messageId)).toMatchObject({ mailboxId: box.id, plusTag: null });
  });

  it("rejects a tag on an unknown mailbox like any unknown address", async () => {
    const { message } = await send(`nobody+shop@${domain}`);
    expect(message.setReject).toHaveBeenCalledWith("Unknown recipient");
  });
});

describe("catch-all per domain", () => {
  it("is off by default, and an administrator sets each mode with clear refusals", async () => {
    const admin = await signedIn("admin");
    expect((await admin.trpc.admin.catchAll.list.query()).domains).toEqual([
      { domain, mode: "off", address: null, ownerEmail: null },
      { domain: "other.localhost", mode: "off", address: null, ownerEmail: null },
    ]);
    expect((await send(`random-${String(Date.now())}@${domain}`)).message.setReject).toHaveBeenCalledWith("Unknown recipient");

    const notOurs = await appError(admin.trpc.admin.catchAll.set.mutate({ domain: "elsewhere.example", mode: "create", ownerEmail: admin.user.email }));
    expect(notOurs).toMatchObject({ appCode: "validation_failed" });
    const noBox = await appError(admin.trpc.admin.catchAll.set.mutate({ domain, mode: "mailbox", address: `missing@${domain}` }));
    expect(noBox.issues?.[0]).toMatchObject({ path: "address", rule: "catch_all_mailbox" });
    const noUser = await appError(admin.trpc.admin.catchAll.set.mutate({ domain, mode: "create", ownerEmail: "ghost@example.com" }));
    expect(noUser.issues?.[0]).toMatchObject({ path: "ownerEmail", rule: "catch_all_owner" });

    const user = await signedIn();
    expect(await appError(user.trpc.admin.catchAll.list.query())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(user.trpc.admin.catchAll.set.mutate({ domain, mode: "off" }))).toMatchObject({ appCode: "forbidden" });
  });

  it("mailbox mode: unknown addresses land in the chosen mailbox, which shows where each was sent", async () => {
    const admin = await signedIn("admin");
    const owner = await signedIn();
    const box = await owner.trpc.mailboxes.create.mutate({ localPart: "catcher" });
    expect(await admin.trpc.admin.catchAll.set.mutate({ domain, mode: "mailbox", address: box.address })).toEqual({ domain, mode: "mailbox", address: box.address, ownerEmail: null });

    const { message, messageId } = await send(`Anything.Here+x@${domain}`);
    expect(message.setReject).not.toHaveBeenCalled();
    const row = await rowOf(messageId);
    expect(row).toMatchObject({ mailboxId: box.id, deliveredTo: `anything.here+x@${domain}`, plusTag: "x" });
    expect(await owner.trpc.messages.get.query({ id: row?.id ?? "" })).toMatchObject({ deliveredTo: `anything.here+x@${domain}`, to: box.address });
    // Another domain keeps its own rule (off).
    expect((await send("anything@other.localhost")).message.setReject).toHaveBeenCalledWith("Unknown recipient");

    // A paused catch-all mailbox rejects, and deleting it turns the catch-all off.
    await owner.trpc.mailboxes.update.mutate({ id: box.id, paused: true });
    expect((await send(`paused-catch@${domain}`)).message.setReject).toHaveBeenCalledWith("Unknown recipient");
    await owner.trpc.mailboxes.delete.mutate({ id: box.id });
    expect((await admin.trpc.admin.catchAll.list.query()).domains[0]).toMatchObject({ domain, mode: "off" });
    expect((await send(`after-delete@${domain}`)).message.setReject).toHaveBeenCalledWith("Unknown recipient");
  });

  it("create mode: a mailbox is made for the owner on first mail, within the owner's cap; over it the mail is rejected", async () => {
    const admin = await signedIn("admin");
    const owner = await signedIn();
    await admin.trpc.admin.catchAll.set.mutate({ domain, mode: "create", ownerEmail: owner.user.email.toUpperCase() });
    await setBusinessDefaults(serviceContext(), { mailboxCap: 2 }, null);

    const first = await send(`newbox+tag@${domain}`);
    expect(first.message.setReject).not.toHaveBeenCalled();
    const boxes = await owner.trpc.mailboxes.list.query();
    expect(boxes.map((b) => b.address)).toEqual([`newbox@${domain}`]);
    expect(await rowOf(first.messageId)).toMatchObject({ mailboxId: boxes[0]?.id, plusTag: "tag", deliveredTo: `newbox+tag@${domain}` });
    // The second mail to it goes to the same mailbox.
    expect((await send(`newbox@${domain}`)).message.setReject).not.toHaveBeenCalled();
    expect(await owner.trpc.mailboxes.list.query()).toHaveLength(1);

    // A name a mailbox cannot have is rejected, not created.
    expect((await send(`postmaster@${domain}`)).message.setReject).toHaveBeenCalledWith("Unknown recipient");

    // While the owner is disabled, nothing is created for them and the mail is rejected.
    await db().update(users).set({ disabled: true }).where(eq(users.id, owner.user.id));
    forgetCachedReads();
    expect((await send(`while-disabled@${domain}`)).message.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(await db().select().from(mailboxes).where(eq(mailboxes.address, `while-disabled@${domain}`))).toEqual([]);
    await db().update(users).set({ disabled: false }).where(eq(users.id, owner.user.id));
    forgetCachedReads();

    await send(`second@${domain}`);
    const overCap = await send(`third@${domain}`);
    expect(overCap.message.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(await rowOf(overCap.messageId)).toBeUndefined();
    expect((await owner.trpc.mailboxes.list.query()).map((b) => b.address).sort()).toEqual([`newbox@${domain}`, `second@${domain}`]);
  });
});

describe("forwarding", () => {
  it("forwards to every destination with the loop guard, records each outcome (a refusal word for word), and keeps a copy", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "fwd" });
    const updated = await trpc.mailboxes.update.mutate({ id: box.id, forwardTo: ["Me@Example.net", "unverified@example.org", "me@example.net"] });
    expect(updated).toMatchObject({ forwardTo: ["me@example.net", "unverified@example.org"], keepCopy: true, paused: false });
    expect((await trpc.mailboxes.list.query())[0]).toMatchObject({ forwardTo: ["me@example.net", "unverified@example.org"], keepCopy: true, paused: false });

    const forward = vi.fn((to: string, _headers?: Headers) => (to === "me@example.net" ? Promise.resolve({ messageId: "fwd-1" }) : Promise.reject(new Error("destination address not verified"))));
    const { message, messageId } = await send(box.address, { forward });
    expect(message.setReject).not.toHaveBeenCalled();
    expect(forward.mock.calls.map(([to]) => to).sort()).toEqual(["me@example.net", "unverified@example.org"]);
    const headers = forward.mock.calls[0]?.[1];
    expect(headers?.get("X-Mailroom-Forwarded")).toBe(box.id);

    const row = await rowOf(messageId);
    const detail = await trpc.messages.get.query({ id: row?.id ?? "" });
    expect(detail.forwards).toEqual([
      { to: "me@example.net", status: "forwarded", error: null },
      { to: "unverified@example.org", status: "failed", error: "destination address not verified" },
    ]);
    expect(detail.text).toContain("482913");
    expect(row?.rawKey).not.toBeNull();

    // The same message again (a sender's retry) is neither forwarded nor stored twice.
    forward.mockClear();
    const again = emailMessage({ from: "bounce@shop.example", to: box.address, raw: simpleMail({ to: box.address, messageId }), forward });
    await deliver(again);
    expect(forward).not.toHaveBeenCalled();
    expect(await db().select().from(messages).where(eq(messages.messageIdHeader, messageId))).toHaveLength(1);
  });

  it("forward only: keeps the sender, subject, code and outcomes but not the content; a copy is kept when no forward went through", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "fwd-only" });
    await trpc.mailboxes.update.mutate({ id: box.id, forwardTo: ["me@example.net"], keepCopy: false });

    const raw = mailWithAttachment({ to: box.address, messageId: "<fwd-only-1@example.com>", filename: "a.bin", content: new Uint8Array([1, 2, 3]) });
    const forwarded = emailMessage({ from: "bounce@shop.example", to: box.address, raw, forward: () => Promise.resolve({ messageId: "x" }) });
    await deliver(forwarded);
    const row = await rowOf("<fwd-only-1@example.com>");
    expect(row).toMatchObject({ rawKey: null, objectCount: 0, preview: null });
    expect(row && (await storedRaw(row))).toBeNull();
    const detail = await trpc.messages.get.query({ id: row?.id ?? "" });
    expect(detail).toMatchObject({ subject: "With a file", text: null, html: null, attachments: [], forwards: [{ to: "me@example.net", status: "forwarded", error: null }] });
    expect(detail.notice).toContain("Forwarded without keeping a copy");

    // Every forward refused: the copy is kept whatever the setting, so nothing is lost.
    const { messageId } = await send(box.address, { forward: () => Promise.reject(new Error("destination address not verified")) });
    const kept = await trpc.messages.get.query({ id: (await rowOf(messageId))?.id ?? "" });
    expect(kept).toMatchObject({ forwards: [{ to: "me@example.net", status: "failed", error: "destination address not verified" }] });
    expect(kept.text).toContain("482913");
  });

  it("does not forward a message that carries this mailbox's loop guard, and keeps it", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "loop" });
    await trpc.mailboxes.update.mutate({ id: box.id, forwardTo: ["me@example.net"], keepCopy: false });
    const forward = vi.fn(() => Promise.resolve({ messageId: "x" }));
    const { messageId } = await send(box.address, { forward, headers: [`X-Mailroom-Forwarded: ${box.id}`] });
    expect(forward).not.toHaveBeenCalled();
    const detail = await trpc.messages.get.query({ id: (await rowOf(messageId))?.id ?? "" });
    expect(detail.forwards).toEqual([{ to: "me@example.net", status: "failed", error: expect.stringContaining("loop") as unknown }]);
    expect(detail.text).toContain("482913");

    // Another mailbox's guard is not ours: that message is forwarded.
    await send(box.address, { forward, headers: ["X-Mailroom-Forwarded: some-other-mailbox"] });
    expect(forward).toHaveBeenCalledOnce();
  });

  it("refuses more than five destinations, a bad address, forwarding to itself, an empty change and another user's mailbox", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "fwd-rules" });
    const six = Array.from({ length: 6 }, (_, i) => `d${String(i)}@example.net`);
    expect(await appError(trpc.mailboxes.update.mutate({ id: box.id, forwardTo: six }))).toMatchObject({ appCode: "validation_failed" });
    expect((await appError(trpc.mailboxes.update.mutate({ id: box.id, forwardTo: ["not-an-address"] }))).issues?.[0]?.path).toBe("forwardTo.0");
    const self = await appError(trpc.mailboxes.update.mutate({ id: box.id, forwardTo: ["a@example.net", `fwd-rules+x@${domain}`] }));
    expect(self.issues?.[0]).toMatchObject({ path: "forwardTo.1", rule: "forward_to_self" });
    expect(await appError(trpc.mailboxes.update.mutate({ id: box.id }))).toMatchObject({ appCode: "validation_failed" });

    const stranger = await signedIn();
    expect(await appError(stranger.trpc.mailboxes.update.mutate({ id: box.id, paused: true }))).toMatchObject({ appCode: "not_found" });
    const [stored] = await db().select().from(mailboxes).where(eq(mailboxes.id, box.id));
    expect(stored).toMatchObject({ paused: false, forwardTo: [] });
  });
});

describe("blocklists", () => {
  it("rejects blocked senders before reading the message, counts each rule, and never stores", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "blocky" });
    const byAddress = await trpc.blocklist.add.mutate({ pattern: " Spammer@Bad.Example " });
    const byDomain = await trpc.blocklist.add.mutate({ pattern: "bad-domain.example" });
    const bySubdomain = await trpc.blocklist.add.mutate({ pattern: "*.sub.example" });
    expect(byAddress).toMatchObject({ pattern: "spammer@bad.example", blockedCount: 0, lastBlockedAt: null });

    const cases: [string, string][] = [
      ["spammer@bad.example", byAddress.id],
      ["anyone@bad-domain.example", byDomain.id],
      ["x@sub.example", bySubdomain.id],
      ["x@deep.sub.example", bySubdomain.id],
    ];
    for (const [from, ruleId] of cases) {
      const { message, messageId } = await send(box.address, { from: `<${from}>`, envelopeFrom: "bounce@elsewhere.example" });
      expect(message.setReject, from).toHaveBeenCalledWith("Message rejected: the recipient has blocked this sender");
      expect(message.bytesRead(), from).toBe(0);
      expect(await rowOf(messageId), from).toBeUndefined();
      expect((await trpc.blocklist.list.query()).find((r) => r.id === ruleId)?.blockedCount, from).toBeGreaterThan(0);
    }
    // The envelope sender counts as well as the From header.
    expect((await send(box.address, { envelopeFrom: "spammer@bad.example" })).message.setReject).toHaveBeenCalledOnce();
    // Near misses pass.
    for (const from of ["spammer@bad.example.org", "x@notsub.example", "x@sub.example.net", "spammer2@bad.example"]) {
      expect((await send(box.address, { from: `<${from}>` })).message.setReject, from).not.toHaveBeenCalled();
    }
    const list = await trpc.blocklist.list.query();
    expect(list.map((r) => [r.pattern, r.blockedCount])).toEqual([
      ["spammer@bad.example", 2],
      ["bad-domain.example", 1],
      ["*.sub.example", 2],
    ]);
    expect(list[0]?.lastBlockedAt).toBeInstanceOf(Date);
  });

  it("keeps each user's list to that user: another user's rule neither blocks nor shows, nor can it be removed", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceBox = await alice.trpc.mailboxes.create.mutate({ localPart: "alice-box" });
    const rule = await bob.trpc.blocklist.add.mutate({ pattern: "shop.example" });
    expect((await send(aliceBox.address)).message.setReject).not.toHaveBeenCalled();
    expect(await alice.trpc.blocklist.list.query()).toEqual([]);
    expect(await appError(alice.trpc.blocklist.remove.mutate({ id: rule.id }))).toMatchObject({ appCode: "not_found" });
    expect(await bob.trpc.blocklist.list.query()).toHaveLength(1);
    expect(await bob.trpc.blocklist.remove.mutate({ id: rule.id })).toEqual({ ok: true });
    expect(await bob.trpc.blocklist.list.query()).toEqual([]);
  });

  it("refuses a malformed pattern and a duplicate with plain words", async () => {
    const { trpc } = await signedIn();
    for (const pattern of ["", "not a domain", "@example.com", "*.", "*example.com", "a@b", "http://x.example"]) {
      expect(await appError(trpc.blocklist.add.mutate({ pattern })), pattern).toMatchObject({ appCode: "validation_failed" });
    }
    await trpc.blocklist.add.mutate({ pattern: "dup.example" });
    expect(await appError(trpc.blocklist.add.mutate({ pattern: "DUP.example" }))).toMatchObject({ appCode: "conflict" });
  });

  it("global rules (administrators) block for every mailbox; users cannot touch them", async () => {
    const admin = await signedIn("admin");
    const user = await signedIn();
    const box = await user.trpc.mailboxes.create.mutate({ localPart: "global-target" });
    const rule = await admin.trpc.admin.blocklist.add.mutate({ pattern: "*.shop.example" });
    const { message } = await send(box.address, { from: "<deals@mail.shop.example>" });
    expect(message.setReject).toHaveBeenCalledWith("Message rejected: this mail service has blocked this sender");
    expect((await admin.trpc.admin.blocklist.list.query())[0]).toMatchObject({ id: rule.id, blockedCount: 1 });
    // A user's own rule with the same pattern is a different entry.
    await user.trpc.blocklist.add.mutate({ pattern: "*.shop.example" });
    expect(await appError(user.trpc.admin.blocklist.list.query())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(user.trpc.admin.blocklist.remove.mutate({ id: rule.id }))).toMatchObject({ appCode: "forbidden" });
    expect(await appError(user.trpc.blocklist.remove.mutate({ id: rule.id }))).toMatchObject({ appCode: "not_found" });
    await admin.trpc.admin.blocklist.remove.mutate({ id: rule.id });
    expect(await db().select().from(blockRules).where(eq(blockRules.id, rule.id))).toHaveLength(0);
  });
});

const authResults = (dmarc: string) =>
  `Authentication-Results: mx.cloudflare.net; dkim=pass header.d=shop.example header.s=s1; dmarc=${dmarc} header.from=shop.example policy.dmarc=reject; spf=pass (mx.cloudflare.net: domain of bounce@shop.example designates 192.0.2.1 as permitted sender) smtp.mailfrom=bounce@shop.example`;

describe("authentication verdict and the DMARC-failure policy", () => {
  it("reads SPF, DKIM and DMARC from the platform's header and shows them", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "auth" });
    const { messageId } = await send(box.address, { headers: [authResults("pass")] });
    const detail = await trpc.messages.get.query({ id: (await rowOf(messageId))?.id ?? "" });
    expect(detail).toMatchObject({ authentication: { spf: "pass", dkim: "pass", dmarc: "pass" }, suspicious: false });
    // No header: nothing was checked.
    const bare = await trpc.messages.get.query({ id: (await rowOf((await send(box.address)).messageId))?.id ?? "" });
    expect(bare.authentication).toEqual({ spf: "none", dkim: "none", dmarc: "none" });
  });

  it("a forged header below the platform's does not count", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "forged" });
    const forged = authResults("pass").replace("dkim=pass", "dkim=fail").replace("spf=pass", "spf=fail");
    // simpleMail puts extra headers after From/To; the platform's own header is prepended on top.
    sequence += 1;
    const messageId = `<forged-${String(sequence)}@example.com>`;
    const raw = `${authResults("fail")}\r\n${simpleMail({ to: box.address, messageId, extraHeaders: [forged.replace("dmarc=fail", "dmarc=pass")] })}`;
    await deliver(emailMessage({ from: "bounce@shop.example", to: box.address, raw }));
    const detail = await trpc.messages.get.query({ id: (await rowOf(messageId))?.id ?? "" });
    expect(detail.authentication).toEqual({ spf: "pass", dkim: "pass", dmarc: "fail" });
  });

  it("accepts (default), flags or rejects a DMARC failure as the administrator chose", async () => {
    const admin = await signedIn("admin");
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "dmarc" });

    const accepted = await send(box.address, { headers: [authResults("fail")] });
    expect(accepted.message.setReject).not.toHaveBeenCalled();
    expect(await rowOf(accepted.messageId)).toMatchObject({ suspicious: false, authentication: "pass pass fail" });

    await admin.trpc.admin.settings.setDefaults.mutate({ dmarcFailurePolicy: "flag" });
    const flagged = await send(box.address, { headers: [authResults("fail")] });
    expect(flagged.message.setReject).not.toHaveBeenCalled();
    const flaggedId = (await rowOf(flagged.messageId))?.id ?? "";
    expect(await trpc.messages.get.query({ id: flaggedId })).toMatchObject({ suspicious: true, authentication: { dmarc: "fail" } });
    expect((await trpc.messages.list.query({ mailboxId: box.id })).items.find((m) => m.id === flaggedId)?.suspicious).toBe(true);
    // A pass is never flagged.
    expect(await rowOf((await send(box.address, { headers: [authResults("pass")] })).messageId)).toMatchObject({ suspicious: false });

    await admin.trpc.admin.settings.setDefaults.mutate({ dmarcFailurePolicy: "reject" });
    const rejected = await send(box.address, { headers: [authResults("fail")] });
    expect(rejected.message.setReject).toHaveBeenCalledWith("Message rejected: it failed DMARC authentication for the sender's domain");
    expect(await rowOf(rejected.messageId)).toBeUndefined();
    expect((await send(box.address, { headers: [authResults("pass")] })).message.setReject).not.toHaveBeenCalled();

    expect(await appError(admin.trpc.admin.settings.setDefaults.mutate({ dmarcFailurePolicy: "drop" as "reject" }))).toMatchObject({ appCode: "validation_failed" });
  });
});

describe("pausing a mailbox", () => {
  it("rejects new mail like an unknown address, keeps what it has, and takes mail again when resumed", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ localPart: "pausable" });
    const before = await send(box.address);
    expect(await trpc.mailboxes.update.mutate({ id: box.id, paused: true })).toMatchObject({ paused: true });

    const paused = await send(`pausable+tag@${domain}`);
    expect(paused.message.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(paused.message.bytesRead()).toBe(0);
    expect(await rowOf(paused.messageId)).toBeUndefined();
    expect((await trpc.messages.list.query({ mailboxId: box.id })).items.map((m) => m.subject)).toEqual([`Routing ${String(sequence - 1)}`]);
    expect(await rowOf(before.messageId)).toBeDefined();

    await trpc.mailboxes.update.mutate({ id: box.id, paused: false });
    expect((await send(box.address)).message.setReject).not.toHaveBeenCalled();
  });
});

describe("REST v1 mailbox routing", () => {
  it("GET and PATCH /api/v1/mailboxes/{id} read and change forwarding and the pause, for the key's owner only", async () => {
    const owner = await keyOwner();
    const box = await owner.trpc.mailboxes.create.mutate({ localPart: "rest-routing" });
    const got = await v1(`/mailboxes/${box.id}`, owner.key);
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: box.id, address: box.address, forwardTo: [], keepCopy: true, paused: false, unread: 0 });

    const patched = await v1(`/mailboxes/${box.id}`, owner.key, { method: "PATCH", body: JSON.stringify({ forwardTo: ["me@example.net"], keepCopy: false, paused: true }) });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ forwardTo: ["me@example.net"], keepCopy: false, paused: true });

    const bad = await v1(`/mailboxes/${box.id}`, owner.key, { method: "PATCH", body: JSON.stringify({ forwardTo: ["nope"], extra: 1 }) });
    expect(bad.status).toBe(400);
    const empty = await v1(`/mailboxes/${box.id}`, owner.key, { method: "PATCH", body: "{}" });
    expect(empty.status).toBe(400);

    const other = await keyOwner();
    expect((await v1(`/mailboxes/${box.id}`, other.key)).status).toBe(404);
    expect((await v1(`/mailboxes/${box.id}`, other.key, { method: "PATCH", body: JSON.stringify({ paused: false }) })).status).toBe(404);
    expect((await v1(`/mailboxes/${box.id}`, owner.key)).status).toBe(200);
  });
});
