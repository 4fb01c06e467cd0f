// Message bodies out of D1 (issue 22, CONTRACT §12): intake writes the body (text, HTML, display
// headers) as one compressed object, or compressed into the row without an object store; every
// reader gives the same answer wherever the body lives; every deletion removes the object; rows
// stored the old way move out through the every-minute cron in bounded batches.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { runBodyBackfill } from "@mailroom/api";
import { createDb, listStorageDays } from "@mailroom/db";
import { messages } from "@mailroom/db/schema";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { keyOwner, v1 } from "./support/api-keys.ts";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment, simpleMail, storedRaw } from "./support/email-message.ts";
import { serviceContext } from "./support/service-context.ts";
import { seedUser } from "./support/seed.ts";

const db = createDb(env.DB);
const bucket = env.ATTACHMENTS as R2Bucket;
const html = "<p>Hello <b>there</b>, your code is <code>482913</code>.</p>";
// The text part as the parser gives it back (the multipart boundary's line break stays with it).
const text = "Hello there,\n\nyour code is 482913.\n\n";

async function owner() {
  const user = await seedUser();
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  const box = await client.trpc.mailboxes.create.mutate({});
  return { ...client, user, box };
}

async function mailTo(address: string, messageId: string, overrides: Partial<Cloudflare.Env> = {}) {
  const raw = simpleMail({ to: address, messageId, subject: "Your code", text: "Hello there,\n\nyour code is 482913.\n", html, extraHeaders: ["References: <a@x> <b@x>"] });
  const message = emailMessage({ from: "shop@example.com", to: address, raw });
  await deliver(message, overrides);
  expect(message.setReject).not.toHaveBeenCalled();
  const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, messageId));
  if (!row) throw new Error("not stored");
  return row;
}

const objectKeys = async (prefix: string) => (await bucket.list({ prefix })).objects.map((o) => o.key);

describe("intake keeps bodies out of D1", () => {
  it("writes the compressed body and the raw copy as one object; the row keeps metadata and the preview", async () => {
    const { trpc, box } = await owner();
    const row = await mailTo(box.address, `<r2-${crypto.randomUUID()}@x>`);
    expect(row).toMatchObject({ bodyLocation: "message", body: null, textBody: null, htmlBody: null, headers: "[]", preview: "Hello there, your code is 482913.", rawKey: `msg/${row.id}` });
    const object = await bucket.head(`msg/${row.id}`);
    // What the message holds in the object store is on the row, for the storage totals.
    expect(row.objectCount).toBe(1);
    expect(row.objectBytes).toBe(object?.size);
    const raw = await storedRaw(row);
    expect(new TextDecoder().decode(raw ?? new Uint8Array())).toContain("References: <a@x> <b@x>");
    expect((raw?.byteLength ?? 0) + 8).toBeLessThan(object?.size ?? 0);
    expect(await objectKeys(`raw/${row.id}`)).toEqual([]);

    const message = await trpc.messages.get.query({ id: row.id });
    expect(message).toMatchObject({ text, preview: "Hello there, your code is 482913.", recognition: { kind: "code", value: "482913" } });
    expect(message.html?.trim()).toBe(html);
    expect(message.headers.find((h) => h.name === "References")?.value).toBe("<a@x> <b@x>");
    const { items } = await trpc.messages.list.query({});
    expect(items.find((i) => i.id === row.id)?.preview).toBe("Hello there, your code is 482913.");
  });

  it("reads a body longer than the first ranged read of the object, and the raw copy after it", async () => {
    const { trpc, key } = await keyOwner();
    const box = await trpc.mailboxes.create.mutate({});
    // Random text barely compresses: the body is well past the 64 KiB the first read takes.
    const random = Array.from({ length: 3 }, () => Array.from(crypto.getRandomValues(new Uint8Array(50_000)), (b) => String.fromCharCode(97 + (b % 26))).join(""));
    const long = random.join("").replace(/(.{70})/g, "$1\n");
    const messageId = `<long-${crypto.randomUUID()}@x>`;
    const raw = simpleMail({ to: box.address, messageId, text: long });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }));
    const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, messageId));
    expect(row?.objectBytes).toBeGreaterThan(2 * 100_000);
    const message = await trpc.messages.get.query({ id: row?.id ?? "" });
    expect(message.text?.replace(/\s/g, "")).toBe(long.replace(/\s/g, ""));
    const download = await v1(`/messages/${row?.id ?? ""}/raw`, key);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(raw);
  });

  it("without an object store keeps the body in the row, compressed, and answers the same", async () => {
    const { trpc, box } = await owner();
    const row = await mailTo(box.address, `<d1-${crypto.randomUUID()}@x>`, { ATTACHMENTS: undefined });
    expect(row).toMatchObject({ bodyLocation: "d1", textBody: null, htmlBody: null, headers: "[]", objectBytes: 0, objectCount: 0 });
    expect(row.body?.byteLength).toBeGreaterThan(0);
    expect(await objectKeys(`msg/${row.id}`)).toEqual([]);
    const message = await trpc.messages.get.query({ id: row.id });
    expect(message.text).toBe(text);
    expect(message.html?.trim()).toBe(html);
    expect(message.headers.map((h) => h.name)).toContain("Subject");
  });

  it("compresses a large HTML body well below its size", async () => {
    const { box } = await owner();
    const big = `<table>${'<tr><td style="padding:8px">A newsletter row with a <a href="https://example.com/x">link</a></td></tr>'.repeat(800)}</table>`;
    const messageId = `<big-${crypto.randomUUID()}@x>`;
    await deliver(emailMessage({ from: "news@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId, html: big, text: "News" }) }), { ATTACHMENTS: undefined });
    const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, messageId));
    expect(row?.body?.byteLength).toBeLessThan(big.length / 10);
  });

  it("answers the same through the REST API, and another user cannot read the body", async () => {
    const { trpc, key } = await keyOwner();
    const box = await trpc.mailboxes.create.mutate({});
    const row = await mailTo(box.address, `<rest-${crypto.randomUUID()}@x>`);
    const stranger = await owner();
    expect(await appError(stranger.trpc.messages.get.query({ id: row.id }))).toMatchObject({ appCode: "not_found" });
    const res = await v1(`/messages/${row.id}`, key);
    expect(res.status).toBe(200);
    const body = await res.json<{ text: string; html: string; headers: { name: string }[] }>();
    expect(body.text).toBe(text);
    expect(body.html.trim()).toBe(html);
    expect(body.headers.map((h) => h.name)).toContain("References");
  });
});

describe("deleting mail removes its body object", () => {
  it("for a message, a mailbox and the retention cron", async () => {
    const { trpc, box } = await owner();
    const one = await mailTo(box.address, `<del-1-${crypto.randomUUID()}@x>`);
    expect(await objectKeys(`msg/${one.id}`)).toEqual([`msg/${one.id}`]);
    await trpc.messages.delete.mutate({ id: one.id });
    expect(await objectKeys(`msg/${one.id}`)).toEqual([]);

    const two = await mailTo(box.address, `<del-2-${crypto.randomUUID()}@x>`);
    await trpc.mailboxes.delete.mutate({ id: box.id });
    expect(await objectKeys(`msg/${two.id}`)).toEqual([]);

    const other = await trpc.mailboxes.create.mutate({});
    const three = await mailTo(other.address, `<del-3-${crypto.randomUUID()}@x>`);
    await db.update(messages).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(messages.id, three.id));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await objectKeys(`msg/${three.id}`)).toEqual([]);
  });

  it("for a deleted account, with every other object it owned", async () => {
    const { trpc, box, user } = await owner();
    const row = await mailTo(box.address, `<acct-${crypto.randomUUID()}@x>`);
    const raw = mailWithAttachment({ to: box.address, messageId: `<acct-file-${crypto.randomUUID()}@x>`, filename: "a.bin", content: new Uint8Array(3000).fill(1) });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }));
    expect(await trpc.account.delete.mutate({ confirmation: user.email })).toEqual({ done: true });
    expect(await objectKeys(`msg/${row.id}`)).toEqual([]);
    const left = await db.select().from(messages).where(eq(messages.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe("the storage totals follow every insert and delete", () => {
  it("counts the object-store bytes and objects each message holds, and takes them off again", async () => {
    const total = async () => {
      const days = await listStorageDays(db);
      return { bytes: days.reduce((s, d) => s + d.objectBytes, 0), objects: days.reduce((s, d) => s + d.objectCount, 0), messages: days.reduce((s, d) => s + d.messages, 0) };
    };
    const before = await total();
    const { trpc, box } = await owner();
    const raw = mailWithAttachment({ to: box.address, messageId: `<tot-${crypto.randomUUID()}@x>`, filename: "f.bin", content: new Uint8Array(5000).fill(9) });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }));
    const [row] = await db.select().from(messages).where(eq(messages.mailboxId, box.id));
    const keys = [...(await objectKeys(`msg/${row?.id ?? ""}`)), ...(await objectKeys(`att/${row?.id ?? ""}/`))];
    expect(keys).toHaveLength(2);
    const sizes = await Promise.all(keys.map(async (k) => (await bucket.head(k))?.size ?? 0));
    const after = await total();
    expect(after.objects - before.objects).toBe(2);
    expect(after.bytes - before.bytes).toBe(sizes.reduce((s, n) => s + n, 0));
    expect(after.messages - before.messages).toBe(1);
    await trpc.messages.delete.mutate({ id: row?.id ?? "" });
    expect(await total()).toEqual(before);
  });
});

describe("messages stored before bodies left D1", () => {
  /** Rows as intake wrote them before migration 0023: bodies in the row, no preview, no location. */
  async function legacyRows(box: { id: string; address: string }, userId: string, count: number, offset: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = `legacy-${crypto.randomUUID()}`;
      const withRaw = i % 3 === 0;
      if (withRaw) await bucket.put(`raw/${id}.eml`, "x".repeat(700));
      await env.DB.prepare(
        `INSERT INTO messages (id, mailbox_id, user_id, message_id_header, envelope_from, to_address, subject, text_body, html_body, headers, size, raw_key,
                               recognition_kind, received_at, expires_at)
         VALUES (?, ?, ?, ?, 'old@example.com', ?, ?, ?, ?, ?, 700, ?, 'none', ?, ?)`,
      )
        .bind(
          id,
          box.id,
          userId,
          `<${id}@x>`,
          box.address,
          `Old ${String(i)}`,
          `Old   text\n number ${String(i)} ${"word ".repeat(60)}`,
          i % 2 === 0 ? `<p>old html ${String(i)}</p>` : null,
          JSON.stringify([{ name: "Subject", value: `Old ${String(i)}` }]),
          withRaw ? `raw/${id}.eml` : null,
          offset + i * 1000,
          Date.now() + 86_400_000,
        )
        .run();
      ids.push(id);
    }
    return ids;
  }

  async function cron() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("move to the object store in bounded batches, newest first, and read the same before and after", async () => {
    const { trpc, box, user } = await owner();
    const ids = await legacyRows(box, user.id, 30, Date.now() - 10_000_000);
    const before = await Promise.all(ids.map((id) => trpc.messages.get.query({ id })));
    const beforeList = (await trpc.messages.list.query({ limit: 50 })).items;
    expect(beforeList.map((i) => i.preview)).toContain(`Old text number 29 ${"word ".repeat(60)}`.slice(0, 160).trim());

    await cron();
    const pending = async () => (await db.select({ id: messages.id }).from(messages).where(inArray(messages.id, ids))).length -
      (await db.select({ id: messages.id }).from(messages).where(eq(messages.bodyLocation, "body"))).filter((r) => ids.includes(r.id)).length;
    // One run moves at most 25 (this test's rows are the newest legacy rows in the database).
    expect(await pending()).toBe(5);
    const moved = await db.select().from(messages).where(inArray(messages.id, ids.slice(-25)));
    for (const row of moved) expect(row).toMatchObject({ bodyLocation: "body", textBody: null, htmlBody: null, headers: "[]" });
    await cron();
    expect(await pending()).toBe(0);

    expect(await Promise.all(ids.map((id) => trpc.messages.get.query({ id })))).toEqual(before);
    expect((await trpc.messages.list.query({ limit: 50 })).items).toEqual(beforeList);
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    for (const row of rows) {
      const kept = row.rawKey === null ? 0 : 1;
      expect(row.objectCount).toBe(kept + 1);
      expect(row.objectBytes).toBe(kept * 700 + ((await bucket.head(`body/${row.id}`))?.size ?? -1));
    }
  });

  it("move into the row, compressed, when there is no object store", async () => {
    const { trpc, box, user } = await owner();
    const ids = await legacyRows(box, user.id, 3, Date.now() - 1_000);
    const before = await Promise.all(ids.map((id) => trpc.messages.get.query({ id })));
    const ctx = serviceContext({ stores: { attachments: undefined } });
    for (let run = 0; run < 3 && (await runBodyBackfill(ctx)) > 0; run++);
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    for (const row of rows) expect(row).toMatchObject({ bodyLocation: "d1", textBody: null, htmlBody: null });
    expect(await Promise.all(ids.map((id) => trpc.messages.get.query({ id })))).toEqual(before);
  });

  it("leave no object behind when a row is deleted while its body moves", async () => {
    const { box, user } = await owner();
    const [id = ""] = await legacyRows(box, user.id, 1, Date.now() + 5_000_000);
    // The row goes just before the move is recorded, as a deletion racing the cron would.
    const racing: D1Database = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare("DELETE FROM messages WHERE id = ?").bind(id).run();
            return target.batch(statements);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ctx = { ...serviceContext(), db: createDb(racing) };
    await runBodyBackfill(ctx);
    expect(await objectKeys(`body/${id}`)).toEqual([]);
  });
});
