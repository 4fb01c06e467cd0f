// Capacity in sight (issue 22, CONTRACT §12): `admin.storage.get`, the every-minute watch with its
// alerts to administrators (once per crossing, re-armed 5 points below), and deliveries that a
// database refusing writes (as a full one does) defers: no row, no orphan object, counted.
import { receiveEmail, runStorageWatch, setBusinessDefaults } from "@mailroom/api";
import { createDb, databaseSize } from "@mailroom/db";
import { messages, messengerBindings, storageDays } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, seedMailbox, simpleMail } from "./support/email-message.ts";
import { seedUser } from "./support/seed.ts";
import { serviceContext } from "./support/service-context.ts";
import { newChatId, sentTexts, telegramSettings } from "./support/telegram.ts";

const db = createDb(env.DB);
const bucket = env.ATTACHMENTS as R2Bucket;
const dayMs = 86_400_000;

async function signedIn(role: "admin" | "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

/** A D1 that refuses every batch the way a full database refuses a write; reads still work. */
function fullDatabase(): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch") return () => Promise.reject(new Error("D1_ERROR: Exceeded maximum DB size: SQLITE_FULL"));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const allKeys = async () => {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list(cursor ? { cursor } : {});
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
};

describe("admin.storage.get", () => {
  it("is for administrators only", async () => {
    const user = await signedIn("user");
    expect(await appError(user.trpc.admin.storage.get.query())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(createClient().trpc.admin.storage.get.query())).toMatchObject({ appCode: "unauthorized" });
    expect(await appError(user.trpc.admin.storage.alert.query())).toMatchObject({ appCode: "forbidden" });
  });

  it("reports D1 against the cap, the object store, messages by age, 14 days of growth and deferred deliveries", async () => {
    const admin = await signedIn("admin");
    const box = await seedMailbox(db, { userId: `st-${crypto.randomUUID()}`, address: `st-${crypto.randomUUID().slice(0, 8)}@mail.localhost` });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId: `<st-${crypto.randomUUID()}@x>` }) }));
    // An older message, stored 40 days ago.
    const old = new Date(Date.now() - 40 * dayMs);
    await env.DB.prepare(
      "INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, to_address, size, received_at, expires_at, body_location) VALUES (?, ?, ?, ?, 'a@x', ?, 1, ?, ?, 'd1')",
    )
      .bind(`old-${crypto.randomUUID()}`, box.mailboxId, box.userId, `<old-${crypto.randomUUID()}@x>`, box.address, old.getTime(), Date.now() + dayMs)
      .run();

    const report = await admin.trpc.admin.storage.get.query();
    const size = await databaseSize(db);
    expect(report.d1.capBytes).toBe(500_000_000);
    expect(Math.abs(report.d1.bytes - size)).toBeLessThanOrEqual(16 * 1024);
    expect(report.d1.percent).toBeCloseTo((report.d1.bytes / 500_000_000) * 100, 1);
    expect(report.r2.bound).toBe(true);
    const stored = await db.select({ bytes: messages.objectBytes, count: messages.objectCount }).from(messages);
    expect(report.r2.bytes).toBe(stored.reduce((s, r) => s + r.bytes, 0));
    expect(report.r2.objects).toBe(stored.reduce((s, r) => s + r.count, 0));
    expect(report.messages.count).toBe(stored.length);
    expect(report.messages.oldestReceivedAt).toBe(old.toISOString());
    expect(report.messages.byAge.map((b) => b.maxDays)).toEqual([1, 7, 30, 365, null]);
    expect(report.messages.byAge.reduce((s, b) => s + b.count, 0)).toBe(stored.length);
    expect(report.messages.byAge[3]?.count).toBeGreaterThanOrEqual(1);
    expect(report.growth).toHaveLength(14);
    expect(report.growth.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(report.growth.at(-1)?.messages).toBeGreaterThanOrEqual(1);
    expect(report.deferredLast24h).toBe(0);
    expect(report.projectedFullAt).toBeNull();
  });

  it("projects the day the cap is reached from the daily size samples", async () => {
    const admin = await signedIn("admin");
    const today = Math.floor(Date.now() / dayMs);
    const size = await databaseSize(db);
    // Growing 1 MB a day for the last 10 days, up to today's size.
    for (let i = 0; i < 10; i++) {
      const day = today - 10 + i;
      const d1Bytes = size - (10 - i) * 1_000_000;
      await db.insert(storageDays).values({ day, d1Bytes }).onConflictDoUpdate({ target: storageDays.day, set: { d1Bytes } });
    }
    const report = await admin.trpc.admin.storage.get.query();
    const expected = Date.now() + ((500_000_000 - report.d1.bytes) / 1_000_000) * dayMs;
    expect(Math.abs(new Date(report.projectedFullAt ?? 0).getTime() - expected)).toBeLessThan(2 * dayMs);
    expect(report.growth.filter((g) => g.d1Bytes !== null).length).toBeGreaterThanOrEqual(10);
    await db.delete(storageDays).where(eq(storageDays.received, 0));
  });
});

describe("capacity alerts", () => {
  // The smallest cap accepted is 1,000,000 bytes: a test database that small could not stand at 85%
  // of any cap, so it is padded with one large row first.
  beforeAll(async () => {
    const box = await seedMailbox(db, { userId: `pad-${crypto.randomUUID()}`, address: `pad-${crypto.randomUUID().slice(0, 8)}@mail.localhost` });
    const padding = crypto.getRandomValues(new Uint8Array(60_000));
    for (let i = 0; i < 25; i++) {
      await env.DB.prepare(
        "INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, to_address, size, received_at, expires_at, body_location, body) VALUES (?, ?, ?, ?, 'a@x', ?, 1, ?, ?, 'd1', ?)",
      )
        .bind(`pad-${crypto.randomUUID()}`, box.mailboxId, box.userId, `<pad-${String(i)}@x>`, box.address, Date.now(), Date.now() + dayMs, padding)
        .run();
    }
    expect(await databaseSize(db)).toBeGreaterThan(1_500_000);
  });

  it("tell every administrator with a bound chat once per crossing of 80% and 95%, re-armed 5 points below", async () => {
    const settings = telegramSettings("admin-token");
    const ctx = serviceContext({ env: settings });
    const admins = [await seedUser({ role: "admin" }), await seedUser({ role: "admin" })];
    const user = await seedUser();
    const chats = [String(newChatId()), String(newChatId()), String(newChatId())];
    for (const [i, who] of [...admins, user].entries()) {
      await db.insert(messengerBindings).values({ userId: who.id, chatId: chats[i] ?? "", chatType: "private", chatTitle: null, paused: false, boundAt: new Date() });
    }
    const since = Date.now();
    /** Sets the cap so that D1 stands at `percent`, then runs the watch. */
    const at = async (percent: number) => {
      const bytes = await databaseSize(db);
      await setBusinessDefaults(ctx, { storageCapBytes: Math.round(bytes / (percent / 100)) }, null);
      return (await runStorageWatch(ctx)).alert;
    };
    const texts = async (chat: string) => sentTexts(chat, since);

    expect(await at(50)).toEqual({ level: 0, notified: 0 });
    expect(await at(85)).toEqual({ level: 80, notified: 2 });
    expect(await at(87)).toEqual({ level: 80, notified: 0 });
    expect(await at(97)).toEqual({ level: 95, notified: 2 });
    expect(await at(97)).toEqual({ level: 95, notified: 0 });
    // Below 90 the 95% alert is re-armed (no message); above 75 the 80% one stays spent.
    expect(await at(88)).toEqual({ level: 80, notified: 0 });
    expect(await at(96)).toEqual({ level: 95, notified: 2 });
    expect(await at(60)).toEqual({ level: 0, notified: 0 });
    expect(await at(82)).toEqual({ level: 80, notified: 2 });

    for (const chat of chats.slice(0, 2)) {
      const sent = await texts(chat);
      expect(sent).toHaveLength(4);
      expect(sent[0]).toMatch(/Storage at 8\d%/);
      expect(sent[1]).toMatch(/Storage at 9\d%/);
    }
    expect(await texts(chats[2] ?? "")).toEqual([]);

    const admin = await signedIn("admin");
    expect(await admin.trpc.admin.storage.alert.query()).toMatchObject({ level: 80 });
    await setBusinessDefaults(ctx, { storageCapBytes: 500_000_000 }, null);
    await runStorageWatch(ctx);
  });

  it("alerts once when two watches run at the same time", async () => {
    const settings = telegramSettings("admin-token");
    const ctx = serviceContext({ env: settings });
    const admin = await seedUser({ role: "admin" });
    const chat = String(newChatId());
    await db.insert(messengerBindings).values({ userId: admin.id, chatId: chat, chatType: "private", chatTitle: null, paused: false, boundAt: new Date() });
    const since = Date.now();
    await setBusinessDefaults(ctx, { storageCapBytes: Math.round((await databaseSize(db)) / 0.9) }, null);
    const runs = await Promise.all([runStorageWatch(ctx), runStorageWatch(ctx), runStorageWatch(ctx)]);
    // One run moved the level and told every administrator's chat (the earlier test's too); the others told none.
    expect(runs.filter((r) => r.alert.notified > 0)).toHaveLength(1);
    expect(await sentTexts(chat, since)).toHaveLength(1);
    await setBusinessDefaults(ctx, { storageCapBytes: 500_000_000 }, null);
    await runStorageWatch(ctx);
  });
});

describe("a database that refuses the message's write", () => {
  it("defers the delivery through email(): no row, no orphan object, counted, and the sender retries later", async () => {
    const box = await seedMailbox(db, { userId: `full-${crypto.randomUUID()}`, address: `full-${crypto.randomUUID().slice(0, 8)}@mail.localhost` });
    // The watch makes this hour's counter, so counting is an update in place (which a full database takes).
    await runStorageWatch(serviceContext());
    const keysBefore = await allKeys();
    const raw = simpleMail({ to: box.address, messageId: `<full-${crypto.randomUUID()}@x>`, text: "Your code is 123456" });
    const message = emailMessage({ from: "a@example.com", to: box.address, raw });
    await expect(deliver(message, { DB: fullDatabase() })).rejects.toThrow(/database refused the message: D1_ERROR: Exceeded maximum DB size/);
    expect(message.setReject).not.toHaveBeenCalled();
    expect(await db.select().from(messages).where(eq(messages.mailboxId, box.mailboxId))).toEqual([]);
    expect(await allKeys()).toEqual(keysBefore);

    // The same message once space is back is stored as usual.
    const again = emailMessage({ from: "a@example.com", to: box.address, raw });
    await deliver(again);
    expect(await db.select().from(messages).where(eq(messages.mailboxId, box.mailboxId))).toHaveLength(1);

    const admin = await signedIn("admin");
    expect((await admin.trpc.admin.storage.get.query()).deferredLast24h).toBe(1);
  });

  it("defers through the service too, with attachments, and counts each deferral", async () => {
    const box = await seedMailbox(db, { userId: `full2-${crypto.randomUUID()}`, address: `full2-${crypto.randomUUID().slice(0, 8)}@mail.localhost` });
    const keysBefore = await allKeys();
    const ctx = { ...serviceContext(), db: createDb(fullDatabase()) };
    const before = (await (await signedIn("admin")).trpc.admin.storage.get.query()).deferredLast24h;
    for (let i = 0; i < 2; i++) {
      const raw = simpleMail({ to: box.address, messageId: `<full2-${String(i)}@x>`, html: "<p>hi</p>" });
      await expect(receiveEmail(ctx, emailMessage({ from: "a@example.com", to: box.address, raw }), { listeners: [] })).rejects.toThrow(/DeliveryDeferred|database refused/);
    }
    expect(await allKeys()).toEqual(keysBefore);
    const after = (await (await signedIn("admin")).trpc.admin.storage.get.query()).deferredLast24h;
    expect(after - before).toBe(2);
  });
});
