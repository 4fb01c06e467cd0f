// The query layer's raw SQL (guarded one-time writes, `changes() = 1` batches) tested where it
// lives: each atomic operation once alone and once under concurrency, against the real local D1.
import {
  clearLoginAttempts,
  consumeBindingCode,
  consumeState,
  createDb,
  createInvitedAccount,
  findPendingTicket,
  findUserByEmail,
  insertMailboxUnderCap,
  insertMessage,
  insertState,
  insertTicket,
  listInvites,
  recordTicketFailure,
  replaceBindingCode,
  runBatch,
  takeDailyUnit,
  takeLoginAttempt,
  type InvitedAccount,
  type NewMessage,
} from "@mailroom/db";
import { attachments, inviteCodes, users } from "@mailroom/db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { seedMailbox } from "./support/email-message.ts";

const db = createDb(env.DB);
const now = new Date();
const later = (ms: number) => new Date(now.getTime() + ms);
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${crypto.randomUUID().slice(0, 6)}`;

async function invite(maxUses: number, options: { expiresAt?: Date; disabled?: boolean } = {}): Promise<string> {
  const hash = unique("hash");
  await db.insert(inviteCodes).values({ id: unique("inv"), codeHash: hash, codeHint: "ABCD", role: "user", maxUses, expiresAt: options.expiresAt ?? null, disabled: options.disabled ?? false, createdAt: now });
  return hash;
}

function account(inviteCodeHash: string, email = `${unique("u")}@example.com`): InvitedAccount {
  const id = unique("user");
  return {
    id,
    email,
    name: null,
    passwordHash: null,
    inviteCodeHash,
    redemptionId: unique("red"),
    session: { id: unique("session"), userId: id, createdAt: now, expiresAt: later(86_400_000), userAgent: null, ip: null },
    now,
  };
}

describe("createInvitedAccount", () => {
  it("creates the user, the redemption and the session together, or nothing", async () => {
    const hash = await invite(1);
    const first = account(hash);
    expect(await createInvitedAccount(db, first)).toBe("created");
    expect(await createInvitedAccount(db, account(hash))).toBe("invite_refused");
    expect(await createInvitedAccount(db, account(await invite(1), first.email))).toBe("email_taken");
    expect(await createInvitedAccount(db, account(await invite(1, { expiresAt: later(-1) })))).toBe("invite_refused");
    expect(await createInvitedAccount(db, account(await invite(1, { disabled: true })))).toBe("invite_refused");
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.codeHash, hash));
    expect(row?.usedCount).toBe(1);
  });

  it("gives the invite use back when the account insert fails (the batch rolls back)", async () => {
    const taken = account(await invite(1));
    await createInvitedAccount(db, taken);
    const hash = await invite(1);
    expect(await createInvitedAccount(db, account(hash, taken.email))).toBe("email_taken");
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.codeHash, hash));
    expect(row?.usedCount).toBe(0);
  });

  it("admits exactly max_uses accounts when many race for one code", async () => {
    const hash = await invite(3);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => createInvitedAccount(db, account(hash))));
    expect(outcomes.filter((o) => o === "created")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "invite_refused")).toHaveLength(5);
  });

  it("refuses an OAuth sign-up whose ticket is no longer pending, and keeps the invite unused", async () => {
    const hash = await invite(1);
    const signup = account(hash);
    const ticketId = unique("ticket");
    await insertTicket(db, { id: ticketId, provider: "forum", providerUserId: "p1", email: signup.email, name: null, login: null, nextPath: "/dashboard", createdAt: now, expiresAt: later(-1) });
    const outcome = await createInvitedAccount(db, { ...signup, oauth: { identityId: unique("id"), ticketId, provider: "forum", providerUserId: "p1", login: null, name: null } });
    expect(outcome).toBe("ticket_gone");
    expect(await db.select().from(users).where(eq(users.id, signup.id))).toEqual([]);
    const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.codeHash, hash));
    expect(row?.usedCount).toBe(0);
  });
});

describe("one-time rows", () => {
  it("consumeState: of concurrent callbacks exactly one gets the state", async () => {
    const id = unique("state");
    await insertState(db, { id, provider: "codehost", nextPath: "/x", codeVerifier: "v", bindingHash: "h", createdAt: now, expiresAt: later(60_000) });
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeState(db, "codehost", id, now)));
    expect(results.filter((r) => r !== null)).toEqual([{ nextPath: "/x", codeVerifier: "v", bindingHash: "h" }]);
  });

  it("consumeBindingCode: of two chats with the same code exactly one binds", async () => {
    const { userId } = await seedMailbox(db, { userId: unique("bind"), address: `${unique("b")}@mail.localhost` });
    await replaceBindingCode(db, userId, "code-hash", now, later(60_000));
    const results = await Promise.all([consumeBindingCode(db, "code-hash", now), consumeBindingCode(db, "code-hash", now)]);
    expect(results.filter((r) => r === userId)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  it("recordTicketFailure: the fifth wrong code consumes the ticket", async () => {
    const id = unique("ticket");
    await insertTicket(db, { id, provider: "codehost", providerUserId: "p", email: "t@example.com", name: null, login: null, nextPath: "/", createdAt: now, expiresAt: later(60_000) });
    for (let i = 0; i < 4; i++) await recordTicketFailure(db, id, now, 5);
    expect(await findPendingTicket(db, id, now)).toMatchObject({ failedAttempts: 4 });
    await recordTicketFailure(db, id, now, 5);
    expect(await findPendingTicket(db, id, now)).toBeNull();
  });
});

describe("caps and allowances", () => {
  it("insertMailboxUnderCap: concurrent creations never pass the cap, and a taken address is reported", async () => {
    const { userId } = await seedMailbox(db, { userId: unique("cap"), address: `${unique("first")}@mail.localhost` });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const local = unique(`box${i}`);
        return insertMailboxUnderCap(db, { id: unique("mb"), userId, localPart: local, domain: "mail.localhost", address: `${local}@mail.localhost`, createdAt: now }, 4);
      }),
    );
    expect(outcomes.filter((o) => o === "created")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "cap_reached")).toHaveLength(3);
    const other = await seedMailbox(db, { userId: unique("other"), address: `${unique("o")}@mail.localhost` });
    expect(await insertMailboxUnderCap(db, { id: unique("mb"), userId: other.userId, localPart: "x", domain: "mail.localhost", address: other.address, createdAt: now }, 10)).toBe("address_taken");
  });

  it("takeDailyUnit: concurrent takers get exactly the limit", async () => {
    const { userId } = await seedMailbox(db, { userId: unique("ai"), address: `${unique("ai")}@mail.localhost` });
    const taken = await Promise.all(Array.from({ length: 9 }, () => takeDailyUnit(db, userId, "2026-11-23", "ai", 4)));
    // Each taker sees the count its unit made: 1..4 once each, the rest nothing.
    expect(taken.filter((count) => count !== null).sort()).toEqual([1, 2, 3, 4]);
    expect(await takeDailyUnit(db, userId, "2026-11-24", "ai", 4)).toBe(1);
    expect(await takeDailyUnit(db, userId, "2026-11-24", "ai", 0)).toBeNull();
  });

  it("takeLoginAttempt: concurrent attempts get exactly the cap; the window starts over; a clear resets", async () => {
    const key = unique("account");
    const window = { maxAttempts: 10, windowMs: 15 * 60_000, now };
    const outcomes = await Promise.all(Array.from({ length: 14 }, () => takeLoginAttempt(db, key, window)));
    expect(outcomes.filter((o) => o === null)).toHaveLength(10);
    expect(outcomes.filter((o) => o !== null)).toEqual(Array.from({ length: 4 }, () => later(15 * 60_000)));
    expect(await takeLoginAttempt(db, key, { ...window, now: later(15 * 60_000 - 1) })).toEqual(later(15 * 60_000));
    // Once the window has passed, counting starts again from this attempt.
    const next = later(15 * 60_000);
    for (let i = 0; i < 10; i++) expect(await takeLoginAttempt(db, key, { ...window, now: next })).toBeNull();
    expect(await takeLoginAttempt(db, key, { ...window, now: next })).toEqual(new Date(next.getTime() + 15 * 60_000));
    await clearLoginAttempts(db, key);
    expect(await takeLoginAttempt(db, key, { ...window, now: next })).toBeNull();
  });
});

describe("messages", () => {
  it("insertMessage stores a Message-ID once per mailbox, and a duplicate's attachment rows not at all", async () => {
    const box = await seedMailbox(db, { userId: unique("msg"), address: `${unique("m")}@mail.localhost` });
    const message = (id: string): NewMessage => ({
      id,
      mailboxId: box.mailboxId,
      userId: box.userId,
      messageIdHeader: "<same@x>",
      envelopeFrom: "a@example.com",
      fromAddress: null,
      fromName: null,
      toAddress: box.address,
      subject: null,
      size: 1,
      rawKey: null,
      notice: null,
      recognitionKind: "none",
      recognitionValue: null,
      recognitionSource: "rules",
      receivedAt: now,
      expiresAt: later(60_000),
      preview: "",
      bodyLocation: "d1",
      body: null,
      objectBytes: 0,
      objectCount: 0,
    });
    const file = (messageId: string, id: string) => ({ id, messageId, filename: "f", contentType: "text/plain", size: 1, contentId: null, disposition: null, storageKey: null, skippedReason: "x", createdAt: now });
    const first = unique("m");
    const second = unique("m");
    expect(await insertMessage(db, message(first), [file(first, unique("f"))])).toBe(true);
    expect(await insertMessage(db, message(second), [file(second, unique("f"))])).toBe(false);
    expect(await db.select().from(attachments).where(eq(attachments.messageId, second))).toEqual([]);
    expect(await db.select().from(attachments).where(eq(attachments.messageId, first))).toHaveLength(1);
  });
});

describe("batches, lists and indexes", () => {
  it("runBatch is all or nothing", async () => {
    const id = unique("batch");
    await expect(
      runBatch(db, [
        sql`INSERT INTO users (id, email, role, disabled, created_at, updated_at) VALUES (${id}, ${`${id}@example.com`}, 'user', 0, 1, 1)`,
        sql`INSERT INTO users (id, email, role, disabled, created_at, updated_at) VALUES (${id}, 'dup@example.com', 'user', 0, 1, 1)`,
      ]),
    ).rejects.toThrow(/UNIQUE/);
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });

  it("lists more rows than D1's 100 bound parameters allow in an IN list", async () => {
    for (let i = 0; i < 120; i++) await invite(1);
    expect((await listInvites(db, 500)).length).toBeGreaterThanOrEqual(120);
  });

  it("finds users by e-mail case-insensitively through the lower(email) index", async () => {
    const created = account(await invite(1), `${unique("Mixed")}@Example.COM`);
    await createInvitedAccount(db, created);
    expect((await findUserByEmail(db, created.email.toUpperCase()))?.id).toBe(created.id);
    const plan = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT * FROM users WHERE lower(users.email) = ?1 LIMIT 1").bind("x@example.com").all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("users_email_lower_idx");
  });
});
