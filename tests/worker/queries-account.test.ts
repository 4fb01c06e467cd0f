// Raw SQL of mailbox expiry and account deletion, tested where it lives against the real local D1.
import {
  createDb,
  deleteEmptyMailbox,
  deleteUserOutbound,
  deleteUserWebhookDeliveries,
  deleteUserWithoutMessages,
  extendMailboxExpiry,
  insertMailboxUnderCap,
} from "@mailroom/db";
import { mailboxes, messages, outboundMessages, users, webhookDeliveries, webhookEndpoints } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { seedMailbox } from "./support/email-message.ts";

const db = createDb(env.DB);
const now = new Date();
const hour = 60 * 60 * 1000;
const at = (ms: number) => new Date(now.getTime() + ms);
const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

function message(mailboxId: string, userId: string, id = unique("msg")) {
  return { id, mailboxId, userId, messageIdHeader: `<${id}@x>`, envelopeFrom: "a@example.com", toAddress: "x@mail.localhost", size: 1, receivedAt: now, expiresAt: at(hour) };
}

describe("mailbox expiry queries", () => {
  it("insertMailboxUnderCap: expired mailboxes do not count against the cap, and the expiry is stored", async () => {
    const { userId, mailboxId } = await seedMailbox(db, { userId: unique("cap"), address: `${unique("a")}@mail.localhost` });
    await db.update(mailboxes).set({ expiresAt: at(-1000) }).where(eq(mailboxes.id, mailboxId));
    const box = (expiresAt: Date | null) => {
      const local = unique("b");
      return { id: unique("mb"), userId, localPart: local, domain: "mail.localhost", address: `${local}@mail.localhost`, createdAt: now, expiresAt };
    };
    const first = box(at(hour));
    expect(await insertMailboxUnderCap(db, first, 1)).toBe("created");
    expect(await insertMailboxUnderCap(db, box(null), 1)).toBe("cap_reached");
    expect((await db.select().from(mailboxes).where(eq(mailboxes.id, first.id)))[0]?.expiresAt).toEqual(at(hour));
  });

  it("extendMailboxExpiry: adds time up to the latest allowed, clears it with null, and touches only live expiring mailboxes of the user", async () => {
    const { userId, mailboxId } = await seedMailbox(db, { userId: unique("ext"), address: `${unique("e")}@mail.localhost` });
    const extend = (addMs: number | null, owner = userId) => extendMailboxExpiry(db, { id: mailboxId, userId: owner, addMs, latest: at(10 * hour), now });
    expect(await extend(hour)).toBeNull();
    await db.update(mailboxes).set({ expiresAt: at(hour) }).where(eq(mailboxes.id, mailboxId));
    expect((await extend(2 * hour))?.expiresAt).toEqual(at(3 * hour));
    expect((await extend(20 * hour))?.expiresAt).toEqual(at(10 * hour));
    expect(await extend(hour, "someone-else")).toBeNull();
    await db.update(mailboxes).set({ expiresAt: at(-1) }).where(eq(mailboxes.id, mailboxId));
    expect(await extend(hour)).toBeNull();
    expect(await extend(null)).toBeNull();
    await db.update(mailboxes).set({ expiresAt: at(hour) }).where(eq(mailboxes.id, mailboxId));
    expect((await extend(null))?.expiresAt).toBeNull();
  });

  it("deleteEmptyMailbox: deletes only a mailbox without messages", async () => {
    const { userId, mailboxId } = await seedMailbox(db, { userId: unique("empty"), address: `${unique("m")}@mail.localhost` });
    const id = unique("msg");
    await db.insert(messages).values(message(mailboxId, userId, id));
    expect(await deleteEmptyMailbox(db, mailboxId)).toBe(false);
    expect(await db.select().from(messages).where(eq(messages.id, id))).toHaveLength(1);
    await db.delete(messages).where(eq(messages.id, id));
    expect(await deleteEmptyMailbox(db, mailboxId)).toBe(true);
  });
});

describe("account deletion queries", () => {
  it("deletes a user's webhook deliveries and outbound records in bounded steps, never another user's", async () => {
    const seed = async (userId: string) => {
      const { mailboxId, address } = await seedMailbox(db, { userId, address: `${unique("o")}@mail.localhost` });
      await db.insert(webhookEndpoints).values({ id: `ep-${userId}`, userId, name: "h", url: "https://h.example/", events: "[]", secret: "whsec_x", createdAt: now, updatedAt: now });
      for (let i = 0; i < 5; i++) {
        await db.insert(webhookDeliveries).values({ id: `d-${userId}-${i}`, endpointId: `ep-${userId}`, eventId: "e", eventType: "webhook.test", payload: "{}", createdAt: now, updatedAt: now });
        await db.insert(outboundMessages).values({ id: `o-${userId}-${i}`, userId, mailboxId, fromAddress: address, toAddresses: "[]", subject: "s", textBody: "t", createdAt: now, updatedAt: now });
      }
    };
    const userId = unique("del");
    const other = unique("keep");
    await seed(userId);
    await seed(other);
    expect(await deleteUserWebhookDeliveries(db, userId, 3)).toBe(3);
    expect(await deleteUserWebhookDeliveries(db, userId, 3)).toBe(2);
    expect(await deleteUserWebhookDeliveries(db, userId, 3)).toBe(0);
    expect(await deleteUserOutbound(db, userId, 4)).toBe(4);
    expect(await deleteUserOutbound(db, userId, 4)).toBe(1);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, `ep-${other}`))).toHaveLength(5);
    expect(await db.select().from(outboundMessages).where(eq(outboundMessages.userId, other))).toHaveLength(5);
  });

  it("deleteUserWithoutMessages: keeps the user while a message is left, so no message goes by cascade", async () => {
    const { userId, mailboxId } = await seedMailbox(db, { userId: unique("gone"), address: `${unique("g")}@mail.localhost` });
    const id = unique("msg");
    await db.insert(messages).values(message(mailboxId, userId, id));
    expect(await deleteUserWithoutMessages(db, userId)).toBe(false);
    await db.delete(messages).where(eq(messages.id, id));
    expect(await deleteUserWithoutMessages(db, userId)).toBe(true);
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId))).toEqual([]);
  });
});
