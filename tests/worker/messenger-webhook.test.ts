import { mailboxes, messages, messengerBindingCodes, messengerBindings, userFeatures } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { de } from "../../packages/api/src/services/messenger/texts/de.ts";
import { en } from "../../packages/api/src/services/messenger/texts/en.ts";
import { ja } from "../../packages/api/src/services/messenger/texts/ja.ts";
import { ru } from "../../packages/api/src/services/messenger/texts/ru.ts";
import { zhTW } from "../../packages/api/src/services/messenger/texts/zh-TW.ts";
import { appError as appErrorOf, createClient } from "./support/client.ts";
import { db, seedUser } from "./support/seed.ts";
import { botUsername, newChatId, postUpdate, postUpdateTimed, sentTexts, telegramCalls, telegramSettings, textUpdate } from "./support/telegram.ts";

const token = "good-token";
const local = telegramSettings(token);
const withSecret = telegramSettings(token, { MESSENGER_WEBHOOK_SECRET: "s3cret-value" });

async function signedInUser(settings = local) {
  const user = await seedUser();
  const client = createClient({ overrides: settings });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

/** A user whose chat is bound through a real code and `/start`. */
async function boundUser() {
  const signedIn = await signedInUser();
  const chatId = newChatId();
  const { code } = await signedIn.trpc.messenger.createBindingCode.mutate();
  await postUpdate(textUpdate(chatId, `/start ${code}`), local);
  return { ...signedIn, chatId: String(chatId), chat: chatId };
}

async function lastText(chatId: string): Promise<string> {
  const texts = await sentTexts(chatId);
  return texts.at(-1) ?? "";
}

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/messenger/webhook: admission", () => {
  // A chat per test: workerd's clock only moves on I/O, so a `since` taken here can be earlier
  // than a call the previous test made, and only the chat id keeps the tests' calls apart.
  let chatId = 0;
  let help = textUpdate(0, "/help");
  beforeEach(() => {
    chatId = newChatId();
    help = textUpdate(chatId, "/help");
  });

  it("answers 404 not_found while the messenger is disabled (no token, or ENABLE_MESSENGER=false)", async () => {
    for (const settings of [telegramSettings(undefined), telegramSettings(token, { ENABLE_MESSENGER: "false" })]) {
      const res = await postUpdate(help, settings);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: "not_found" } });
    }
  });

  it("accepts the secret under either header name and refuses a wrong or missing one with 401", async () => {
    const since = Date.now();
    for (const name of ["X-Messenger-Bot-Api-Secret-Token", "X-Telegram-Bot-Api-Secret-Token"]) {
      const res = await postUpdate(help, withSecret, { [name]: "s3cret-value" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const wrong: Record<string, string>[] = [{}, { "X-Telegram-Bot-Api-Secret-Token": "s3cret-valuf" }, { "X-Messenger-Bot-Api-Secret-Token": "" }, { "X-Messenger-Bot-Api-Secret-Token": "s3cret-value", "X-Telegram-Bot-Api-Secret-Token": "other" }];
    for (const headers of wrong) {
      const res = await postUpdate(help, withSecret, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    }
    // Only the two admitted calls were answered.
    expect(await sentTexts(String(chatId), since)).toHaveLength(2);
  });

  it("fails closed in staging and production without a secret, and admits calls locally without one", async () => {
    for (const environment of ["staging", "production"]) {
      const res = await postUpdate(help, { ...local, ENVIRONMENT: environment, COOKIE_SECURE: "true" }, { "X-Telegram-Bot-Api-Secret-Token": "anything" });
      expect(res.status).toBe(401);
    }
    const res = await postUpdate(help, local);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers 200 to malformed and unknown updates and does nothing else", async () => {
    const since = Date.now();
    const bodies = ["not json", "[]", "null", JSON.stringify({ update_id: "x" }), JSON.stringify({ update_id: 5, message: { chat: "nope" } }), JSON.stringify({ update_id: 6, edited_message: { message_id: 1, chat: { id: chatId, type: "private" }, text: "/help" } }), JSON.stringify({ update_id: 7, message: { message_id: 1, chat: { id: chatId, type: "private" }, photo: [] } })];
    for (const body of bodies) {
      const res = await postUpdate(body, local);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await telegramCalls({ since, chatId: String(chatId) })).toHaveLength(0);
  });
});

describe("binding codes", () => {
  it("creates an 8-character code from the unambiguous alphabet, stored hashed, with a deep link", async () => {
    const { trpc, user } = await signedInUser(telegramSettings(token, { MESSENGER_BOT_USERNAME: "@MailroomTestBot" }));
    const before = Date.now();
    const result = await trpc.messenger.createBindingCode.mutate();
    expect(result.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(result.expiresAt.getTime() - before).toBeGreaterThanOrEqual(15 * 60 * 1000 - 1000);
    expect(result.expiresAt.getTime() - before).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
    expect(result.deepLink).toBe(`https://t.me/${botUsername}?start=${result.code}`);
    const rows = await db().select().from(messengerBindingCodes).where(eq(messengerBindingCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(result.code);
  });

  it("has no deep link without a bot username, and one live code per user", async () => {
    const { trpc, user } = await signedInUser(telegramSettings(token, { MESSENGER_BOT_USERNAME: "" }));
    const first = await trpc.messenger.createBindingCode.mutate();
    const second = await trpc.messenger.createBindingCode.mutate();
    expect(first.deepLink).toBeNull();
    expect(await db().select().from(messengerBindingCodes).where(eq(messengerBindingCodes.userId, user.id))).toHaveLength(1);
    const chatId = newChatId();
    await postUpdate(textUpdate(chatId, `/start ${first.code}`), local);
    expect(await lastText(String(chatId))).toContain("unknown, expired or already used");
    await postUpdate(textUpdate(chatId, `/start ${second.code.toLowerCase()}`), local);
    expect(await lastText(String(chatId))).toContain(`This chat is now bound to <b>${user.email}</b>`);
  });

  it("binds the chat on /start <code> (state: valid → used) and refuses the used code", async () => {
    const { trpc, user } = await signedInUser();
    const chatId = newChatId();
    const { code } = await trpc.messenger.createBindingCode.mutate();
    const res = await postUpdate(textUpdate(chatId, `/start ${code}`), local);
    expect(res.status).toBe(200);
    const [binding] = await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id));
    expect(binding).toMatchObject({ chatId: String(chatId), chatType: "private", chatTitle: "@ada", paused: false });
    expect(await lastText(String(chatId))).toContain("✅ This chat is now bound to");
    expect(await db().select().from(messengerBindingCodes).where(eq(messengerBindingCodes.userId, user.id))).toHaveLength(0);
    const status = await trpc.messenger.status.query();
    expect(status).toMatchObject({ bound: true, enabled: true, paused: false, chat: { type: "private", title: "@ada" }, pendingCodeExpiresAt: null });

    const other = newChatId();
    await postUpdate(textUpdate(other, `/start ${code}`), local);
    expect(await lastText(String(other))).toContain("unknown, expired or already used");
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.chatId, String(other)))).toHaveLength(0);
  });

  it("binds exactly one chat when the same code is sent twice at once", async () => {
    const { trpc, user } = await signedInUser();
    const { code } = await trpc.messenger.createBindingCode.mutate();
    const chats = Array.from({ length: 6 }, () => newChatId());
    const answers = await Promise.all(chats.map((chat) => postUpdate(textUpdate(chat, `/start ${code}`), local)));
    expect(answers.map((r) => r.status)).toEqual(chats.map(() => 200));
    const bindings = await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id));
    expect(bindings).toHaveLength(1);
    const replies = await Promise.all(chats.map((chat) => lastText(String(chat))));
    expect(replies.filter((t) => t.includes("now bound")).length).toBe(1);
    expect(replies.filter((t) => t.includes("already used")).length).toBe(5);
    const winner = chats[replies.findIndex((t) => t.includes("now bound"))];
    expect(bindings[0]?.chatId).toBe(String(winner));
  });

  it("refuses a code after 15 minutes (state: valid → expired)", async () => {
    const { trpc, user } = await signedInUser();
    const start = new Date();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { code } = await trpc.messenger.createBindingCode.mutate();
    vi.setSystemTime(start.getTime() + 15 * 60 * 1000 + 1);
    const chatId = newChatId();
    await postUpdate(textUpdate(chatId, `/start ${code}`), local);
    vi.useRealTimers();
    expect(await lastText(String(chatId))).toContain("unknown, expired or already used");
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id))).toHaveLength(0);
  });

  it("accepts a code just before it expires", async () => {
    const { trpc, user } = await signedInUser();
    const start = new Date();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { code } = await trpc.messenger.createBindingCode.mutate();
    vi.setSystemTime(start.getTime() + 15 * 60 * 1000 - 1000);
    await postUpdate(textUpdate(newChatId(), `/start ${code}`), local);
    vi.useRealTimers();
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id))).toHaveLength(1);
  });

  it("moves a chat bound to another user to the user whose code it sends, and replaces a user's old chat", async () => {
    const first = await boundUser();
    const second = await signedInUser();
    const { code } = await second.trpc.messenger.createBindingCode.mutate();
    await postUpdate(textUpdate(first.chat, `/start ${code}`), local);
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, first.user.id))).toHaveLength(0);
    const [moved] = await db().select().from(messengerBindings).where(eq(messengerBindings.chatId, first.chatId));
    expect(moved?.userId).toBe(second.user.id);

    const { code: again } = await second.trpc.messenger.createBindingCode.mutate();
    const group = newChatId();
    await postUpdate(textUpdate(group, `/start@${botUsername} ${again}`, { type: "supergroup", title: "Ops <team>" }), local);
    const rows = await db().select().from(messengerBindings).where(eq(messengerBindings.userId, second.user.id));
    expect(rows).toMatchObject([{ chatId: String(group), chatType: "supergroup", chatTitle: "Ops <team>" }]);
  });

  it("binds a channel through a channel_post", async () => {
    const { trpc, user } = await signedInUser();
    const { code } = await trpc.messenger.createBindingCode.mutate();
    const channel = -1_000_000_000_000 - newChatId();
    await postUpdate(textUpdate(channel, `/start ${code}`, { kind: "channel_post", title: "Alerts" }), local);
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id))).toMatchObject([{ chatId: String(channel), chatType: "channel", chatTitle: "Alerts" }]);
  });

  it("refuses codes while the messenger is off for the user or the service", async () => {
    const { trpc, user } = await signedInUser();
    await db().insert(userFeatures).values({ userId: user.id, messenger: false, updatedAt: new Date() });
    await expect(trpc.messenger.createBindingCode.mutate()).rejects.toMatchObject({ data: { appCode: "feature_disabled" } });
    const status = await trpc.messenger.status.query();
    expect(status).toMatchObject({ enabled: false, featureEnabled: false, serviceEnabled: true });
    const noBot = await signedInUser(telegramSettings(undefined));
    await expect(noBot.trpc.messenger.createBindingCode.mutate()).rejects.toMatchObject({ data: { appCode: "bot_not_configured" } });
  });
});

describe("bot commands", () => {
  it("/start without a code welcomes and explains; /help lists the eight commands, also with @botname", async () => {
    const chatId = newChatId();
    await postUpdate(textUpdate(chatId, "/start"), local);
    expect(await lastText(String(chatId))).toContain("/start CODE");
    for (const text of ["/help", `/help@${botUsername}`, `/HELP@${botUsername.toLowerCase()}`]) {
      await postUpdate(textUpdate(chatId, text), local);
      const reply = await lastText(String(chatId));
      for (const command of ["/start", "/help", "/status", "/accounts", "/messages", "/pause", "/resume", "/test"]) expect(reply).toContain(command);
    }
    const [call] = (await telegramCalls({ chatId: String(chatId), method: "sendMessage" })).slice(-1);
    expect(call?.token).toBe(token);
    expect(call?.body).toMatchObject({ chat_id: String(chatId), parse_mode: "HTML" });
  });

  it("ignores commands addressed to another bot", async () => {
    const chatId = newChatId();
    const since = Date.now();
    await postUpdate(textUpdate(chatId, "/help@SomeOtherBot"), local);
    expect(await sentTexts(String(chatId), since)).toHaveLength(0);
  });

  it("answers 'not bound' to every command but /start and /help in an unbound chat", async () => {
    const chatId = newChatId();
    for (const command of ["/status", "/accounts", "/messages", "/pause", "/resume", "/test", `/status@${botUsername}`]) {
      await postUpdate(textUpdate(chatId, command), local);
      expect(await lastText(String(chatId))).toContain("not bound");
    }
  });

  it("/status shows the account, mailbox count, messages today and notification state", async () => {
    const { chat, chatId, user } = await boundUser();
    const now = new Date();
    await db().insert(mailboxes).values([
      { id: `${user.id}-a`, userId: user.id, localPart: "a", domain: "mail.localhost", address: `a-${user.id}@mail.localhost`, createdAt: now },
      { id: `${user.id}-b`, userId: user.id, localPart: "b", domain: "mail.localhost", address: `b-${user.id}@mail.localhost`, createdAt: now },
    ]);
    const message = (id: string, receivedAt: Date) => ({
      id: `${user.id}-${id}`, mailboxId: `${user.id}-a`, userId: user.id, messageIdHeader: `<${id}@x>`, envelopeFrom: "x@example.com",
      toAddress: `a-${user.id}@mail.localhost`, size: 10, receivedAt, expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await db().insert(messages).values([message("today", now), message("old", new Date(now.getTime() - 3 * 86_400_000))]);
    await postUpdate(textUpdate(chat, "/status"), local);
    const reply = await lastText(chatId);
    expect(reply).toContain(`Account: ${user.email}`);
    expect(reply).toContain("Mailboxes: 2");
    expect(reply).toContain("Messages today: 1");
    expect(reply).toContain("Notifications: on");
  });

  it("/pause and /resume switch notifications, visible in /status and messenger.status", async () => {
    const { chat, chatId, trpc } = await boundUser();
    await postUpdate(textUpdate(chat, "/pause"), local);
    expect(await lastText(chatId)).toContain("paused");
    expect((await trpc.messenger.status.query()).paused).toBe(true);
    await postUpdate(textUpdate(chat, "/status"), local);
    expect(await lastText(chatId)).toContain("Notifications: paused");
    await postUpdate(textUpdate(chat, "/test"), local);
    expect(await lastText(chatId)).toContain("no test was sent");
    await postUpdate(textUpdate(chat, "/resume"), local);
    expect(await lastText(chatId)).toContain("on again");
    expect((await trpc.messenger.status.query()).paused).toBe(false);
    await postUpdate(textUpdate(chat, "/test"), local);
    expect(await lastText(chatId)).toContain("Test notification");
  });

  it("/accounts lists the 10 most recent mailboxes; /messages the 10 most recent messages, escaped", async () => {
    const { chat, chatId, user } = await boundUser();
    await postUpdate(textUpdate(chat, "/accounts"), local);
    expect(await lastText(chatId)).toContain("no mailbox accounts yet");
    await postUpdate(textUpdate(chat, "/messages"), local);
    expect(await lastText(chatId)).toContain("No messages yet");

    const base = Date.now() - 100_000;
    // One row per statement: D1 allows 100 bound variables per query.
    for (let i = 0; i < 12; i++) {
      await db().insert(mailboxes).values({ id: `${user.id}-m${i}`, userId: user.id, localPart: `m${i}`, domain: "mail.localhost", address: `m${i}-${user.id}@mail.localhost`, createdAt: new Date(base + i * 1000) });
    }
    const rows = Array.from({ length: 12 }, (_, i) => ({
        id: `${user.id}-msg${i}`, mailboxId: `${user.id}-m0`, userId: user.id, messageIdHeader: `<msg${i}@x>`, envelopeFrom: "bounce@example.com",
        fromAddress: `sender${i}@example.com`, fromName: i === 11 ? "Eve & <Co>" : null, toAddress: `m0-${user.id}@mail.localhost`,
        subject: i === 11 ? "<script>alert(1)</script> your code" : `Subject ${i}`, size: 10,
        recognitionKind: i === 11 ? ("code" as const) : ("none" as const), recognitionValue: i === 11 ? "493817" : null,
        receivedAt: new Date(base + i * 1000), expiresAt: new Date(base + 86_400_000),
      }));
    for (const row of rows) await db().insert(messages).values(row);
    await postUpdate(textUpdate(chat, "/accounts"), local);
    const accounts = await lastText(chatId);
    expect(accounts).toContain(`m11-${user.id}@mail.localhost`);
    expect(accounts).toContain(`m2-${user.id}@mail.localhost`);
    expect(accounts).not.toContain(`m1-${user.id}@mail.localhost`);
    expect(accounts).not.toContain(`m0-${user.id}@mail.localhost`);

    await postUpdate(textUpdate(chat, "/messages"), local);
    const list = await lastText(chatId);
    expect(list).toContain("Subject: &lt;script&gt;alert(1)&lt;/script&gt; your code");
    expect(list).not.toContain("<script>");
    expect(list).toContain("From: Eve &amp; &lt;Co&gt; &lt;sender11@example.com&gt;");
    expect(list).toContain("Code: <code>493817</code>");
    expect(list).toContain("Subject 2");
    expect(list).not.toContain("Subject 1\n");
    expect(list).not.toContain("Subject 0");
    expect(list.length).toBeLessThanOrEqual(4096);
  });

  it("/test sends a test notification; commands of a switched-off user are refused", async () => {
    const { chat, chatId, user } = await boundUser();
    await postUpdate(textUpdate(chat, "/test"), local);
    expect(await lastText(chatId)).toContain("Test notification");
    await db().insert(userFeatures).values({ userId: user.id, messenger: false, updatedAt: new Date() });
    await postUpdate(textUpdate(chat, "/status"), local);
    expect(await lastText(chatId)).toContain("switched off");
  });

  it("speaks the chat's language: Telegram's language before binding, then the language the user reads Mailroom in", async () => {
    const chatId = newChatId();
    // Unbound: the sender's app language (a region or script variant finds its catalog).
    await postUpdate(textUpdate(chatId, "/start", { languageCode: "de" }), local);
    expect(await lastText(String(chatId))).toContain(de.welcome);
    await postUpdate(textUpdate(chatId, "/status", { languageCode: "zh-hant" }), local);
    expect(await lastText(String(chatId))).toBe(zhTW.notBound);
    await postUpdate(textUpdate(chatId, "/help", { languageCode: "xx" }), local);
    expect(await lastText(String(chatId))).toContain(en.commandsHeading);

    // Bound to someone who reads Mailroom in Japanese: Japanese, whatever the Telegram app says.
    const signedIn = await signedInUser();
    expect(await signedIn.trpc.account.setLocale.mutate({ locale: "ja" })).toEqual({ ok: true, changed: true });
    expect(await signedIn.trpc.account.setLocale.mutate({ locale: "ja" })).toEqual({ ok: true, changed: false });
    expect((await signedIn.trpc.auth.session.query())?.locale).toBe("ja");
    const { code } = await signedIn.trpc.messenger.createBindingCode.mutate();
    await postUpdate(textUpdate(chatId, `/start ${code}`, { languageCode: "de" }), local);
    expect(await lastText(String(chatId))).toContain(ja.boundHow);
    await postUpdate(textUpdate(chatId, "/status", { languageCode: "de" }), local);
    expect(await lastText(String(chatId))).toContain(ja.statusHeading);
    await signedIn.trpc.messenger.sendTest.mutate();
    expect(await lastText(String(chatId))).toContain(ja.testHeading);
    // Switching the web app's language switches the bot's.
    await signedIn.trpc.account.setLocale.mutate({ locale: "ru" });
    await postUpdate(textUpdate(chatId, "/pause"), local);
    expect(await lastText(String(chatId))).toBe(ru.paused);
    expect((await appErrorOf(signedIn.trpc.account.setLocale.mutate({ locale: "xx" as "ja" }))).appCode).toBe("validation_failed");
  });

  it("answers unknown commands and plain private text with a hint, stays silent in groups", async () => {
    const chatId = newChatId();
    await postUpdate(textUpdate(chatId, "/frobnicate"), local);
    expect(await lastText(String(chatId))).toContain("Unknown command");
    await postUpdate(textUpdate(chatId, "hello"), local);
    expect(await lastText(String(chatId))).toContain("/help");
    const group = newChatId();
    await postUpdate(textUpdate(group, "hello all", { type: "group" }), local);
    expect(await sentTexts(String(group))).toHaveLength(0);
  });

  it("still answers 200 when the platform refuses the reply", async () => {
    for (const failing of ["blocked-token", "500-token", "slow429-token"]) {
      const res = await postUpdate(textUpdate(newChatId(), "/help"), telegramSettings(failing));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
  });

  it("answers at once while the platform is slow: the binding is done, the reply follows in the background", async () => {
    const { trpc, user } = await signedInUser();
    const { code } = await trpc.messenger.createBindingCode.mutate();
    const chatId = newChatId();
    // The fake Bot API takes 2 s to answer slow-token.
    const { response, answeredInMs, settled } = await postUpdateTimed(textUpdate(chatId, `/start ${code}`), telegramSettings("slow-token"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(answeredInMs).toBeLessThan(1000);
    expect(await db().select().from(messengerBindings).where(eq(messengerBindings.userId, user.id))).toHaveLength(1);
    await settled;
    expect(await lastText(String(chatId))).toContain("now bound");
  });
});
