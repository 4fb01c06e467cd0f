import {
  apiKeys,
  attachments,
  mailboxes,
  messages,
  messengerBindingCodes,
  messengerBindings,
  outboundMessages,
  sessions,
  usageCounters,
  userFeatures,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment } from "./support/email-message.ts";
import { db, seedUser } from "./support/seed.ts";

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const chromeOnAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

async function signIn(user: { email: string; password: string }, options: { userAgent?: string; ip?: string } = {}) {
  const client = createClient(options);
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return client;
}

describe("account.changePassword", () => {
  it("needs the current password, and ends every other session but this one", async () => {
    const user = await seedUser();
    const here = await signIn(user);
    const elsewhere = await signIn(user);
    const wrong = await appError(here.trpc.account.changePassword.mutate({ currentPassword: "not it at all", newPassword: "a brand new secret" }));
    expect(wrong).toMatchObject({ appCode: "validation_failed", issues: [{ path: "currentPassword", message: "The current password is not correct" }] });
    const short = await appError(here.trpc.account.changePassword.mutate({ currentPassword: user.password, newPassword: "short" }));
    expect(short.issues?.[0]).toMatchObject({ path: "newPassword", message: "Use at least 8 characters", rule: "too_small" });
    const same = await appError(here.trpc.account.changePassword.mutate({ currentPassword: user.password, newPassword: user.password }));
    expect(same.issues?.[0]?.path).toBe("newPassword");
    // Refusals change nothing: the other session still works.
    expect((await elsewhere.trpc.auth.me.query()).email).toBe(user.email);

    expect(await here.trpc.account.changePassword.mutate({ currentPassword: user.password, newPassword: "a brand new secret" })).toEqual({ endedSessions: true });
    expect((await appError(elsewhere.trpc.auth.me.query())).appCode).toBe("unauthorized");
    expect((await here.trpc.auth.me.query()).email).toBe(user.email);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await appError(signIn(user))).appCode).toBe("unauthorized");
    await signIn({ email: user.email, password: "a brand new secret" });
  });

  it("lets an account without a password (made through OAuth) set its first one", async () => {
    const user = await seedUser();
    const client = await signIn(user);
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    await client.trpc.account.changePassword.mutate({ currentPassword: "", newPassword: "first password here" });
    await signIn({ email: user.email, password: "first password here" });
  });
});

describe("account sessions", () => {
  it("lists the user's live sessions with device, address and times, the current one marked", async () => {
    const user = await seedUser();
    const phone = await signIn(user, { userAgent: chromeOnAndroid, ip: "198.51.100.7" });
    const desktop = await signIn(user, { userAgent: firefoxOnWindows, ip: "198.51.100.8" });
    await signIn(await seedUser());
    const list = await desktop.trpc.account.sessions.query();
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current);
    expect(current).toMatchObject({ device: "Firefox on Windows", ip: "198.51.100.8", current: true });
    expect(list.find((s) => !s.current)).toMatchObject({ device: "Chrome on Android", ip: "198.51.100.7" });
    expect(current?.createdAt).toBeInstanceOf(Date);
    expect(current?.lastSeenAt).toBeInstanceOf(Date);
    expect((await phone.trpc.account.sessions.query()).filter((s) => s.current).map((s) => s.device)).toEqual(["Chrome on Android"]);
  });

  it("updates last seen at most once every few minutes, not on every request", async () => {
    const user = await seedUser();
    const client = await signIn(user, { ip: "198.51.100.20" });
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await db().update(sessions).set({ lastSeenAt: twoMinutesAgo }).where(eq(sessions.userId, user.id));
    await client.trpc.auth.me.query();
    expect((await db().select().from(sessions).where(eq(sessions.userId, user.id)))[0]?.lastSeenAt).toEqual(twoMinutesAgo);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await db().update(sessions).set({ lastSeenAt: tenMinutesAgo, ip: "192.0.2.1" }).where(eq(sessions.userId, user.id));
    await client.trpc.auth.me.query();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row?.ip).toBe("198.51.100.20");
  });

  it("revokes one other session, never another user's, and not the current one", async () => {
    const user = await seedUser();
    const here = await signIn(user);
    const there = await signIn(user);
    const stranger = await signIn(await seedUser());
    const strangerSession = (await stranger.trpc.account.sessions.query())[0];
    if (!strangerSession) throw new Error("no session");
    expect((await appError(here.trpc.account.revokeSession.mutate({ id: strangerSession.id }))).appCode).toBe("not_found");
    // The stranger's session survived the attempt.
    await stranger.trpc.auth.me.query();

    const list = await here.trpc.account.sessions.query();
    const own = list.find((s) => s.current);
    const other = list.find((s) => !s.current);
    if (!own || !other) throw new Error("expected two sessions");
    expect((await appError(here.trpc.account.revokeSession.mutate({ id: own.id }))).appCode).toBe("conflict");
    expect(await here.trpc.account.revokeSession.mutate({ id: other.id })).toEqual({ ok: true });
    expect((await appError(there.trpc.auth.me.query())).appCode).toBe("unauthorized");
    expect((await appError(here.trpc.account.revokeSession.mutate({ id: other.id }))).appCode).toBe("not_found");
    expect((await here.trpc.auth.me.query()).email).toBe(user.email);
    expect((await stranger.trpc.auth.me.query()).email).not.toBe(user.email);
  });

  it("revokes all other sessions at once, leaving this one and other users' sessions", async () => {
    const user = await seedUser();
    const here = await signIn(user);
    const others = [await signIn(user), await signIn(user)];
    const stranger = await signIn(await seedUser());
    expect(await here.trpc.account.revokeOtherSessions.mutate()).toEqual({ ok: true, revoked: 2 });
    for (const other of others) expect((await appError(other.trpc.auth.me.query())).appCode).toBe("unauthorized");
    await here.trpc.auth.me.query();
    await stranger.trpc.auth.me.query();
  });
});

const bucket = env.ATTACHMENTS as R2Bucket;

/** A user with everything an account can own, made through the real procedures and intake where they exist. */
async function userWithEverything() {
  const user = await seedUser();
  const client = await signIn(user);
  const box = await client.trpc.mailboxes.create.mutate({});
  const second = await client.trpc.mailboxes.create.mutate({ expiresInHours: 24 });
  for (const [index, to] of [box.address, box.address, second.address].entries()) {
    await deliver(emailMessage({ from: "sender@example.com", to, raw: mailWithAttachment({ to, messageId: `<m${index}-${user.id}@x>`, filename: "a.txt", content: new TextEncoder().encode("file") }) }));
  }
  const now = new Date();
  await db().insert(outboundMessages).values({ id: `out-${user.id}`, userId: user.id, mailboxId: box.id, fromAddress: box.address, toAddresses: "[]", subject: "s", textBody: "t", createdAt: now, updatedAt: now });
  await db().insert(webhookEndpoints).values({ id: `ep-${user.id}`, userId: user.id, name: "hook", url: "https://hooks.example/x", events: "[]", secret: "whsec_x", createdAt: now, updatedAt: now });
  await db().insert(webhookDeliveries).values({ id: `d-${user.id}`, endpointId: `ep-${user.id}`, eventId: "ev", eventType: "webhook.test", payload: "{}", createdAt: now, updatedAt: now });
  await db().insert(webhookAttempts).values({ id: `a-${user.id}`, deliveryId: `d-${user.id}`, attempt: 1, ok: true, statusCode: 200, durationMs: 1, createdAt: now });
  await db().insert(messengerBindings).values({ userId: user.id, chatId: `chat-${user.id}`, chatType: "private", boundAt: now });
  await db().insert(messengerBindingCodes).values({ codeHash: `code-${user.id}`, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
  await db().insert(apiKeys).values({ id: `key-${user.id}`, userId: user.id, name: "k", keyHash: `hash-${user.id}`, keyPrefix: "mr_abcde", createdAt: now });
  await db().insert(usageCounters).values({ userId: user.id, day: "2026-01-01", kind: "api", count: 3 });
  await db().insert(userFeatures).values({ userId: user.id, updatedAt: now });
  const stored = await db().select().from(messages).where(eq(messages.userId, user.id));
  const files = await db().select({ key: attachments.storageKey }).from(attachments).innerJoin(messages, eq(messages.id, attachments.messageId)).where(eq(messages.userId, user.id));
  const keys = [...stored.map((m) => m.rawKey), ...files.map((f) => f.key)].filter((k): k is string => k !== null);
  return { user, client, keys, addresses: [box.address, second.address] };
}

async function rowsOf(userId: string) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    users: await count(db().select().from(users).where(eq(users.id, userId))),
    sessions: await count(db().select().from(sessions).where(eq(sessions.userId, userId))),
    mailboxes: await count(db().select().from(mailboxes).where(eq(mailboxes.userId, userId))),
    messages: await count(db().select().from(messages).where(eq(messages.userId, userId))),
    attachments: await count(db().select().from(attachments).innerJoin(messages, eq(messages.id, attachments.messageId)).where(eq(messages.userId, userId))),
    outbound: await count(db().select().from(outboundMessages).where(eq(outboundMessages.userId, userId))),
    endpoints: await count(db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))),
    deliveries: await count(db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, `d-${userId}`))),
    attempts: await count(db().select().from(webhookAttempts).where(eq(webhookAttempts.id, `a-${userId}`))),
    bindings: await count(db().select().from(messengerBindings).where(eq(messengerBindings.userId, userId))),
    bindingCodes: await count(db().select().from(messengerBindingCodes).where(eq(messengerBindingCodes.userId, userId))),
    apiKeys: await count(db().select().from(apiKeys).where(eq(apiKeys.userId, userId))),
    usage: await count(db().select().from(usageCounters).where(eq(usageCounters.userId, userId))),
    features: await count(db().select().from(userFeatures).where(eq(userFeatures.userId, userId))),
  };
}

describe("account.delete", () => {
  it("deletes the account with every row and stored object it owns, and nobody else's", async () => {
    const doomed = await userWithEverything();
    const bystander = await userWithEverything();
    expect(doomed.keys.length).toBeGreaterThanOrEqual(6);
    expect(Object.values(await rowsOf(doomed.user.id)).every((n) => n > 0)).toBe(true);
    const other = await signIn(doomed.user);

    expect(await doomed.client.trpc.account.delete.mutate({ confirmation: ` ${doomed.user.email.toUpperCase()} ` })).toEqual({ done: true });
    expect(doomed.client.state.setCookies.at(-1)).toMatch(/^app_session=;.*Max-Age=0/);

    expect(Object.values(await rowsOf(doomed.user.id)).every((n) => n === 0)).toBe(true);
    for (const key of doomed.keys) expect(await bucket.head(key), key).toBeNull();
    expect((await appError(other.trpc.auth.me.query())).appCode).toBe("unauthorized");
    expect((await appError(signIn(doomed.user))).appCode).toBe("unauthorized");
    // Its addresses take no more mail.
    const late = emailMessage({ from: "sender@example.com", to: doomed.addresses[0] ?? "", raw: "Subject: late\r\nMessage-ID: <late@x>\r\n\r\nhi" });
    await deliver(late);
    expect(late.setReject).toHaveBeenCalledOnce();

    expect(Object.values(await rowsOf(bystander.user.id)).every((n) => n > 0)).toBe(true);
    for (const key of bystander.keys) expect(await bucket.head(key), key).not.toBeNull();
  });

  it("needs the e-mail address typed as confirmation, and deletes nothing without it", async () => {
    const { user, client } = await userWithEverything();
    for (const confirmation of ["", "yes", "someone@example.com"]) {
      const error = await appError(client.trpc.account.delete.mutate({ confirmation }));
      expect(error).toMatchObject({ appCode: "validation_failed", issues: [{ path: "confirmation" }] });
    }
    expect(Object.values(await rowsOf(user.id)).every((n) => n > 0)).toBe(true);
    expect((await client.trpc.mailboxes.list.query()).every((m) => !m.disabled)).toBe(true);
  });

  it("refuses the only enabled administrator, and lets an administrator go when another remains", async () => {
    await db().update(users).set({ disabled: true }).where(eq(users.role, "admin"));
    const admin = await seedUser({ role: "admin" });
    const client = await signIn(admin);
    const refused = await appError(client.trpc.account.delete.mutate({ confirmation: admin.email }));
    expect(refused.appCode).toBe("forbidden");
    expect(await db().select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    await seedUser({ role: "admin" });
    expect(await client.trpc.account.delete.mutate({ confirmation: admin.email })).toEqual({ done: true });
  });

  it("needs a session", async () => {
    expect((await appError(createClient().trpc.account.delete.mutate({ confirmation: "x@example.com" }))).appCode).toBe("unauthorized");
  });
});
