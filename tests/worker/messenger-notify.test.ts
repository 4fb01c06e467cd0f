import { messages, messengerBindings, userFeatures } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, seedMailbox, simpleMail } from "./support/email-message.ts";
import { db, seedUser } from "./support/seed.ts";
import { newChatId, sentTexts, telegramCalls, telegramSettings } from "./support/telegram.ts";

let boxCounter = 0;

/** A user with a mailbox and a bound chat, as a finished binding leaves them. */
async function boundMailbox(options: { paused?: boolean; bound?: boolean } = {}) {
  boxCounter += 1;
  const userId = `notify-${boxCounter}-${crypto.randomUUID().slice(0, 8)}`;
  const box = await seedMailbox(db(), { userId, address: `${userId}@mail.localhost` });
  const chatId = String(newChatId());
  if (options.bound !== false) {
    await db().insert(messengerBindings).values({ userId, chatId, chatType: "private", chatTitle: "@ada", paused: options.paused ?? false, boundAt: new Date() });
  }
  return { ...box, chatId };
}

async function mailTo(address: string, settings: Record<string, string | undefined>, mail: { subject?: string; text?: string; from?: string } = {}) {
  const messageId = `<${crypto.randomUUID()}@example.com>`;
  const message = emailMessage({ from: "sender@example.com", to: address, raw: simpleMail({ to: address, messageId, ...mail }) });
  await deliver(message, settings);
  expect(message.setReject).not.toHaveBeenCalled();
  const stored = await db().select().from(messages).where(eq(messages.messageIdHeader, messageId));
  expect(stored).toHaveLength(1);
  return stored[0];
}

describe("new-mail notifications", () => {
  it("sends recipient, sender, subject and the extracted code, every user string escaped", async () => {
    const box = await boundMailbox();
    const since = Date.now();
    await mailTo(box.address, telegramSettings("notify-token"), {
      from: '"Shop & <Co>" <shop@example.com>',
      subject: "<script>alert(1)</script> Your code",
      text: "Your verification code is 493817. It expires in 10 minutes.",
    });
    const calls = await telegramCalls({ since, chatId: box.chatId, method: "sendMessage" });
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body ?? {};
    expect(calls[0]?.token).toBe("notify-token");
    expect(body).toMatchObject({ chat_id: box.chatId, parse_mode: "HTML" });
    const text = String(body.text);
    expect(text).toContain(`to ${box.address}`);
    expect(text).toContain("From: Shop &amp; &lt;Co&gt; &lt;shop@example.com&gt;");
    expect(text).toContain("Subject: &lt;script&gt;alert(1)&lt;/script&gt; Your code");
    expect(text).not.toContain("<script>");
    expect(text).toContain("Code: <code>493817</code>");
  });

  it("includes an extracted link as a link", async () => {
    const box = await boundMailbox();
    await mailTo(box.address, telegramSettings("notify-token"), {
      subject: "Confirm your e-mail",
      text: "Please confirm your e-mail address: https://example.com/verify?token=abc&x=1",
    });
    const [text] = await sentTexts(box.chatId);
    expect(text).toContain('Link: <a href="https://example.com/verify?token=abc&amp;x=1">');
  });

  it("keeps a huge subject within Telegram's 4096 characters", async () => {
    const box = await boundMailbox();
    await mailTo(box.address, telegramSettings("notify-token"), { subject: "&".repeat(5000) });
    const [text] = await sentTexts(box.chatId);
    expect(text?.length).toBeLessThanOrEqual(4096);
    expect(text).toContain("Subject: &amp;&amp;");
  });

  it("sends nothing when paused, unbound, switched off for the user, or the messenger is disabled", async () => {
    const since = Date.now();
    const paused = await boundMailbox({ paused: true });
    await mailTo(paused.address, telegramSettings("notify-token"));
    const switchedOff = await boundMailbox();
    await db().insert(userFeatures).values({ userId: switchedOff.userId, messenger: false, updatedAt: new Date() });
    await mailTo(switchedOff.address, telegramSettings("notify-token"));
    const disabled = await boundMailbox();
    await mailTo(disabled.address, telegramSettings("notify-token", { ENABLE_MESSENGER: "false" }));
    const noToken = await boundMailbox();
    await mailTo(noToken.address, telegramSettings(undefined));
    const unbound = await boundMailbox({ bound: false });
    await mailTo(unbound.address, telegramSettings("notify-token"));
    const chats = new Set([paused, switchedOff, disabled, noToken, unbound].map((b) => b.chatId));
    const calls = await telegramCalls({ since, method: "sendMessage" });
    expect(calls.filter((c) => chats.has(String(c.body.chat_id)))).toHaveLength(0);
  });

  it("stores the mail when the platform answers 500 or 'blocked', and gives up on a long 429", async () => {
    for (const token of ["500-token", "blocked-token", "slow429-token"]) {
      const box = await boundMailbox();
      await mailTo(box.address, telegramSettings(token));
      expect(await telegramCalls({ chatId: box.chatId, token })).toHaveLength(1);
    }
  });

  it("retries once after a short 429 and then delivers", async () => {
    const box = await boundMailbox();
    const started = Date.now();
    await mailTo(box.address, telegramSettings("429-token"));
    const calls = await telegramCalls({ chatId: box.chatId, token: "429-token" });
    expect(calls).toHaveLength(2);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

async function signedIn(settings: Record<string, string | undefined>) {
  const user = await seedUser();
  const client = createClient({ overrides: settings });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

async function bind(userId: string, paused = false) {
  const chatId = String(newChatId());
  await db().insert(messengerBindings).values({ userId, chatId, chatType: "private", chatTitle: "@ada", paused, boundAt: new Date() });
  return chatId;
}

describe("messenger.sendTest and the settings procedures", () => {
  it("sends a test notification to the bound chat", async () => {
    const { trpc, user } = await signedIn(telegramSettings("notify-token"));
    const chatId = await bind(user.id);
    expect(await trpc.messenger.sendTest.mutate()).toEqual({ ok: true });
    const [text] = await sentTexts(chatId);
    expect(text).toContain("Test notification");
    expect(text).toContain(user.email);
  });

  it("answers bot_not_configured without a token", async () => {
    const { trpc, user } = await signedIn(telegramSettings(undefined));
    await bind(user.id);
    expect(await appError(trpc.messenger.sendTest.mutate())).toMatchObject({ appCode: "bot_not_configured" });
  });

  it("answers messenger_api_failed (502) with the platform's description when the bot is blocked or the platform fails", async () => {
    const blocked = await signedIn(telegramSettings("blocked-token"));
    await bind(blocked.user.id);
    const error = await appError(blocked.trpc.messenger.sendTest.mutate());
    expect(error).toMatchObject({ appCode: "messenger_api_failed", httpStatus: 502 });
    expect(error.message).toContain("Forbidden: bot was blocked by the user");
    const failing = await signedIn(telegramSettings("500-token"));
    await bind(failing.user.id);
    expect(await appError(failing.trpc.messenger.sendTest.mutate())).toMatchObject({ appCode: "messenger_api_failed", httpStatus: 502 });
  });

  it("refuses without a chat, while paused, and when switched off, and sends nothing", async () => {
    const since = Date.now();
    const unbound = await signedIn(telegramSettings("notify-token"));
    expect(await appError(unbound.trpc.messenger.sendTest.mutate())).toMatchObject({ appCode: "not_found" });
    const paused = await signedIn(telegramSettings("notify-token"));
    const pausedChat = await bind(paused.user.id, true);
    expect(await appError(paused.trpc.messenger.sendTest.mutate())).toMatchObject({ appCode: "feature_disabled" });
    const off = await signedIn(telegramSettings("notify-token"));
    const offChat = await bind(off.user.id);
    await db().insert(userFeatures).values({ userId: off.user.id, messenger: false, updatedAt: new Date() });
    expect(await appError(off.trpc.messenger.sendTest.mutate())).toMatchObject({ appCode: "feature_disabled" });
    const calls = await telegramCalls({ since, method: "sendMessage" });
    expect(calls.filter((c) => [pausedChat, offChat].includes(String(c.body.chat_id)))).toHaveLength(0);
  });

  it("pauses, resumes and unbinds from the web; needs a session", async () => {
    const { trpc, user } = await signedIn(telegramSettings("notify-token"));
    expect(await appError(trpc.messenger.pause.mutate())).toMatchObject({ appCode: "not_found" });
    await bind(user.id);
    expect(await trpc.messenger.pause.mutate()).toMatchObject({ paused: true });
    expect(await trpc.messenger.status.query()).toMatchObject({ bound: true, paused: true });
    expect(await trpc.messenger.resume.mutate()).toMatchObject({ paused: false });
    expect(await trpc.messenger.status.query()).toMatchObject({ paused: false });
    expect(await trpc.messenger.unbind.mutate()).toEqual({ ok: true });
    expect(await trpc.messenger.status.query()).toMatchObject({ bound: false, chat: null });
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id))).toHaveLength(0);
    expect(await appError(createClient().trpc.messenger.status.query())).toMatchObject({ appCode: "unauthorized" });
  });
});
