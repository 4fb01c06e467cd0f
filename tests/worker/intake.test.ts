import { forgetCachedReads } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import { attachments, messages, systemSettings } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { deliver, emailMessage, mailWithAttachment, seedMailbox, simpleMail, storedRaw, withStoredBody } from "./support/email-message.ts";

const db = createDb(env.DB);
const box = "inbox@mail.localhost";
const day = 24 * 60 * 60 * 1000;
const mib = 1024 * 1024;

const rowsFor = (mailboxId: string) => db.select().from(messages).where(eq(messages.mailboxId, mailboxId));
const attachmentsOf = (messageId: string) => db.select().from(attachments).where(eq(attachments.messageId, messageId));

function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

beforeAll(async () => {
  await seedMailbox(db, { userId: "owner", address: box });
  await seedMailbox(db, { userId: "paused", address: "paused@mail.localhost", mailboxDisabled: true });
  await seedMailbox(db, { userId: "banned", address: "banned@mail.localhost", userDisabled: true });
});

describe("email() recipient check", () => {
  it("rejects an unknown recipient and reads nothing", async () => {
    const message = emailMessage({ from: "a@example.com", to: "nobody@mail.localhost", raw: simpleMail({ to: "nobody@mail.localhost", messageId: "<u1@example.com>" }) });
    await deliver(message);
    expect(message.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(message.bytesRead()).toBe(0);
    expect(await db.select().from(messages).where(eq(messages.messageIdHeader, "<u1@example.com>"))).toHaveLength(0);
  });

  it("rejects a disabled mailbox and a mailbox whose owner is disabled", async () => {
    for (const to of ["paused@mail.localhost", "banned@mail.localhost"]) {
      const message = emailMessage({ from: "a@example.com", to, raw: simpleMail({ to, messageId: `<d-${to}>` }) });
      await deliver(message);
      expect(message.setReject).toHaveBeenCalledOnce();
    }
    expect(await rowsFor("mb-paused")).toHaveLength(0);
    expect(await rowsFor("mb-banned")).toHaveLength(0);
  });

  it("matches the recipient case-insensitively", async () => {
    const message = emailMessage({ from: "a@example.com", to: "InBox@Mail.LocalHost", raw: simpleMail({ to: box, messageId: "<case@example.com>" }) });
    await deliver(message);
    expect(message.setReject).not.toHaveBeenCalled();
    expect(await db.select().from(messages).where(eq(messages.messageIdHeader, "<case@example.com>"))).toHaveLength(1);
  });
});

describe("email() storage", () => {
  it("stores a plain text message with every field", async () => {
    const before = Date.now();
    const raw = simpleMail({
      from: '"Ada Lovelace" <ada@example.com>',
      to: box,
      subject: "=?utf-8?B?8J+TrCBXZWxjb21l?=",
      text: "Line one\r\nLine two ünïcödé",
      messageId: "<plain-1@example.com>",
      extraHeaders: ["Cc: Bob <bob@example.com>", "X-Spam: ignored"],
    });
    const message = emailMessage({ from: "bounce@example.com", to: box, raw });
    await deliver(message);
    expect(message.setReject).not.toHaveBeenCalled();

    const [inD1] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<plain-1@example.com>"));
    // The body went to the object store with the raw copy, in one object; D1 keeps the preview.
    expect(inD1).toMatchObject({ bodyLocation: "message", body: null, textBody: null, htmlBody: null, headers: "[]", preview: "Line one Line two ünïcödé" });
    const row = inD1 && (await withStoredBody(inD1));
    expect(row).toMatchObject({
      mailboxId: "mb-owner",
      userId: "owner",
      envelopeFrom: "bounce@example.com",
      fromAddress: "ada@example.com",
      fromName: "Ada Lovelace",
      toAddress: box,
      subject: "📬 Welcome",
      textBody: "Line one\nLine two ünïcödé\n",
      htmlBody: null,
      size: new TextEncoder().encode(raw).byteLength,
      notice: null,
      recognitionKind: "none",
      rawKey: `msg/${row?.id ?? ""}`,
    });
    const headers = JSON.parse(row?.headers ?? "[]") as { name: string; value: string }[];
    expect(headers.map((h) => h.name)).toEqual(["From", "To", "Subject", "Date", "Message-ID", "Cc"]);
    expect(headers.find((h) => h.name === "Subject")?.value).toBe("📬 Welcome");
    const received = row?.receivedAt.getTime() ?? 0;
    expect(received).toBeGreaterThanOrEqual(before);
    expect(row?.expiresAt.getTime()).toBe(received + 7 * day);

    const kept = row && (await storedRaw(row));
    expect(kept && new TextDecoder().decode(kept)).toBe(raw);
  });

  it("stores both bodies of an HTML message", async () => {
    const html = '<html><body><p>Hello <b>world</b></p><script>alert(1)</script></body></html>';
    await deliver(emailMessage({ from: "a@example.com", to: box, raw: simpleMail({ to: box, text: "Hello world", html, messageId: "<html-1@example.com>" }) }));
    const [stored] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<html-1@example.com>"));
    const row = stored && (await withStoredBody(stored));
    expect(row?.htmlBody?.trim()).toBe(html);
    expect(row?.textBody?.trim()).toBe("Hello world");
  });

  it("stores the same Message-ID to one mailbox once, and accepts the second delivery", async () => {
    await seedMailbox(db, { userId: "second", address: "second@mail.localhost" });
    const raw = simpleMail({ to: box, messageId: "<dupe@example.com>" });
    const first = emailMessage({ from: "a@example.com", to: box, raw });
    const again = emailMessage({ from: "a@example.com", to: box, raw });
    const racing = emailMessage({ from: "a@example.com", to: box, raw });
    await deliver(first);
    await Promise.all([deliver(again), deliver(racing)]);
    const other = emailMessage({ from: "a@example.com", to: "second@mail.localhost", raw });
    await deliver(other);
    for (const m of [first, again, racing, other]) expect(m.setReject).not.toHaveBeenCalled();
    const rows = await db.select().from(messages).where(eq(messages.messageIdHeader, "<dupe@example.com>"));
    expect(rows.map((r) => r.mailboxId).sort()).toEqual(["mb-owner", "mb-second"]);
    // The copies that lost the race left no objects behind.
    const listed = await env.ATTACHMENTS?.list({ prefix: "msg/" });
    const rawKeys = new Set((await db.select({ k: messages.rawKey }).from(messages)).map((r) => r.k));
    expect(listed?.objects.filter((o) => !rawKeys.has(o.key))).toEqual([]);
  });

  it("gives mail without a Message-ID a stable one, so a redelivery still deduplicates", async () => {
    const raw = simpleMail({ to: box, subject: "No id here", text: "body" });
    await deliver(emailMessage({ from: "a@example.com", to: box, raw }));
    await deliver(emailMessage({ from: "a@example.com", to: box, raw }));
    const rows = await db.select().from(messages).where(eq(messages.subject, "No id here"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.messageIdHeader).toMatch(/^<[0-9a-f]{64}@mailroom\.invalid>$/);
  });

  it("uses the retention days from the business defaults for expires_at", async () => {
    await db.insert(systemSettings).values({ key: "business.defaults", value: JSON.stringify({ retentionDays: 30 }), updatedAt: new Date() });
    // Written past the settings service, so the caches it would have emptied are emptied here.
    await env.CACHE.delete("settings:v1:business.defaults");
    forgetCachedReads();
    try {
      await deliver(emailMessage({ from: "a@example.com", to: box, raw: simpleMail({ to: box, messageId: "<retention@example.com>" }) }));
      const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<retention@example.com>"));
      expect((row?.expiresAt.getTime() ?? 0) - (row?.receivedAt.getTime() ?? 0)).toBe(30 * day);
    } finally {
      await db.delete(systemSettings).where(eq(systemSettings.key, "business.defaults"));
      await env.CACHE.delete("settings:v1:business.defaults");
      forgetCachedReads();
    }
  });
});

describe("email() attachments", () => {
  it("stores an attachment under the cap in ATTACHMENTS, readable byte for byte", async () => {
    const content = bytes(300_000, 7);
    await deliver(emailMessage({ from: "a@example.com", to: box, raw: mailWithAttachment({ to: box, messageId: "<att-small@example.com>", filename: "report.pdf", content, contentType: "application/pdf" }) }));
    const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<att-small@example.com>"));
    const [file] = await attachmentsOf(row?.id ?? "");
    expect(file).toMatchObject({ filename: "report.pdf", contentType: "application/pdf", size: content.byteLength, disposition: "attachment", skippedReason: null });
    expect(file?.storageKey).toBe(`att/${row?.id ?? ""}/${file?.id ?? ""}`);
    const object = await env.ATTACHMENTS?.get(file?.storageKey ?? "");
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(content);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
  });

  it("keeps only the metadata of an attachment over the cap, with the reason", async () => {
    const content = bytes(10 * mib + 1, 3);
    await deliver(emailMessage({ from: "a@example.com", to: box, raw: mailWithAttachment({ to: box, messageId: "<att-big@example.com>", filename: "huge.bin", content }) }));
    const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<att-big@example.com>"));
    const [file] = await attachmentsOf(row?.id ?? "");
    expect(file).toMatchObject({ filename: "huge.bin", size: 10 * mib + 1, storageKey: null, skippedReason: "larger than the 10 MiB attachment limit" });
    expect((await env.ATTACHMENTS?.list({ prefix: `att/${row?.id ?? ""}/` }))?.objects).toEqual([]);
  });

  it("without an ATTACHMENTS binding keeps metadata with the reason and no raw key", async () => {
    const content = bytes(1000, 1);
    await deliver(emailMessage({ from: "a@example.com", to: box, raw: mailWithAttachment({ to: box, messageId: "<att-nobucket@example.com>", filename: "a.txt", content }) }), { ATTACHMENTS: undefined });
    const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<att-nobucket@example.com>"));
    expect(row?.rawKey).toBeNull();
    const [file] = await attachmentsOf(row?.id ?? "");
    expect(file).toMatchObject({ filename: "a.txt", size: 1000, storageKey: null, skippedReason: "attachment storage is not configured" });
  });
});
