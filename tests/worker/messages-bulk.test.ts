// Bulk actions on a selection of messages (`messages.markReadMany`, `messages.deleteMany`):
// bounded, owner-scoped in SQL, and deleting the stored objects like the single delete.
import { createDb } from "@mailroom/db";
import { messages } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment } from "./support/email-message.ts";
import { seedUser } from "./support/seed.ts";

const db = () => createDb(env.DB);

async function owner() {
  const user = await seedUser();
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  const box = await client.trpc.mailboxes.create.mutate({});
  return { ...client, box };
}

/** Delivers `count` messages with one stored attachment each; returns their ids, oldest first. */
async function receive(box: { id: string; address: string }, count: number): Promise<string[]> {
  const to = box.address;
  for (let i = 0; i < count; i++) {
    const raw = mailWithAttachment({ to, messageId: `<bulk-${crypto.randomUUID()}@example.com>`, filename: `f${String(i)}.bin`, content: new Uint8Array([i]) });
    await deliver(emailMessage({ from: "a@example.com", to, raw }));
  }
  const rows = await db().select().from(messages).where(eq(messages.mailboxId, box.id));
  return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map((r) => r.id);
}

async function storedKeys(messageId: string): Promise<string[]> {
  const listed = await env.ATTACHMENTS?.list({ prefix: `att/${messageId}/` });
  const [row] = await db().select({ rawKey: messages.rawKey }).from(messages).where(eq(messages.id, messageId));
  const raw = row?.rawKey && (await env.ATTACHMENTS?.head(row.rawKey)) ? [row.rawKey] : [];
  return [...raw, ...(listed?.objects.map((o) => o.key) ?? [])];
}

const readFlags = async (trpc: Awaited<ReturnType<typeof owner>>["trpc"]) =>
  Object.fromEntries((await trpc.messages.list.query({})).items.map((m) => [m.id, m.read]));

describe("bulk actions on messages", () => {
  it("marks a selection read and unread, and deletes it with its stored objects", async () => {
    const { trpc, box } = await owner();
    const [a = "", b = "", c = ""] = await receive(box, 3);
    expect(await storedKeys(a)).toHaveLength(2);

    expect(await trpc.messages.markReadMany.mutate({ ids: [a, b], read: true })).toEqual({ ok: true, updated: 2 });
    expect(await readFlags(trpc)).toEqual({ [a]: true, [b]: true, [c]: false });
    // The same id twice counts once.
    expect(await trpc.messages.markReadMany.mutate({ ids: [b, b], read: false })).toEqual({ ok: true, updated: 1 });
    expect(await readFlags(trpc)).toEqual({ [a]: true, [b]: false, [c]: false });

    expect(await trpc.messages.deleteMany.mutate({ ids: [a, b] })).toEqual({ ok: true, deleted: 2 });
    expect((await trpc.messages.list.query({})).items.map((m) => m.id)).toEqual([c]);
    expect(await db().select().from(messages).where(eq(messages.id, a))).toHaveLength(0);
    expect((await env.ATTACHMENTS?.list({ prefix: `att/${a}/` }))?.objects).toHaveLength(0);
    expect((await env.ATTACHMENTS?.list({ prefix: `att/${b}/` }))?.objects).toHaveLength(0);
    expect(await storedKeys(c)).toHaveLength(2);
    // Deleting what is already gone deletes nothing and is no error (a stale selection).
    expect(await trpc.messages.deleteMany.mutate({ ids: [a] })).toEqual({ ok: true, deleted: 0 });
  });

  it("keeps each mailbox's unread count exact through delivery, reads, bulk actions and deletes", async () => {
    const { trpc, box } = await owner();
    const other = await trpc.mailboxes.create.mutate({});
    const unread = async () => Object.fromEntries((await trpc.mailboxes.list.query()).map((m) => [m.id, m.unread]));
    const [a = "", b = "", c = "", d = ""] = await receive(box, 4);
    await receive(other, 1);
    expect(await unread()).toEqual({ [box.id]: 4, [other.id]: 1 });
    // Reading twice, or unreading an unread message, counts once.
    await trpc.messages.markRead.mutate({ id: a, read: true });
    await trpc.messages.markRead.mutate({ id: a, read: true });
    await trpc.messages.markRead.mutate({ id: b, read: false });
    expect(await unread()).toEqual({ [box.id]: 3, [other.id]: 1 });
    await trpc.messages.markReadMany.mutate({ ids: [b, c], read: true });
    expect(await unread()).toEqual({ [box.id]: 1, [other.id]: 1 });
    // Deleting read mail leaves the count; deleting unread mail lowers it.
    await trpc.messages.deleteMany.mutate({ ids: [a, b] });
    expect(await unread()).toEqual({ [box.id]: 1, [other.id]: 1 });
    await trpc.messages.delete.mutate({ id: d });
    expect(await unread()).toEqual({ [box.id]: 0, [other.id]: 1 });
    await trpc.messages.markRead.mutate({ id: c, read: false });
    expect(await unread()).toEqual({ [box.id]: 1, [other.id]: 1 });
  });

  it("never touches another user's messages named in a selection", async () => {
    const alice = await owner();
    const mallory = await owner();
    const [secret = ""] = await receive(alice.box, 1);
    const [own = ""] = await receive(mallory.box, 1);
    const keys = await storedKeys(secret);
    expect(keys).toHaveLength(2);

    expect(await mallory.trpc.messages.markReadMany.mutate({ ids: [secret, own], read: true })).toEqual({ ok: true, updated: 1 });
    expect(await readFlags(alice.trpc)).toEqual({ [secret]: false });
    expect(await mallory.trpc.messages.deleteMany.mutate({ ids: [secret, own] })).toEqual({ ok: true, deleted: 1 });
    expect((await mallory.trpc.messages.list.query({})).items).toHaveLength(0);

    // Alice keeps the message, its row and every stored object.
    expect((await alice.trpc.messages.get.query({ id: secret })).attachments).toHaveLength(1);
    expect(await storedKeys(secret)).toEqual(keys);
  });

  it("refuses an empty or oversized selection with validation_failed, and needs a session", async () => {
    const { trpc } = await owner();
    const many = (n: number) => Array.from({ length: n }, (_, i) => `id-${String(i)}`);
    expect((await appError(trpc.messages.deleteMany.mutate({ ids: [] }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.messages.deleteMany.mutate({ ids: many(101) }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.messages.markReadMany.mutate({ ids: many(101), read: true }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.messages.markReadMany.mutate({ ids: ["x".repeat(65)], read: true }))).appCode).toBe("validation_failed");
    expect(await trpc.messages.markReadMany.mutate({ ids: many(100), read: true })).toEqual({ ok: true, updated: 0 });
    expect(await trpc.messages.deleteMany.mutate({ ids: many(100) })).toEqual({ ok: true, deleted: 0 });
    const anonymous = createClient();
    expect((await appError(anonymous.trpc.messages.deleteMany.mutate({ ids: ["x"] }))).appCode).toBe("unauthorized");
  });
});
