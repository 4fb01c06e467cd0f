import type { Vars } from "@mailroom/config";
import { describe, expect, it } from "vitest";
import { callWorker, origin } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { seedUser } from "./support/seed.ts";
import { telegramCalls, telegramSettings } from "./support/telegram.ts";

const token = "admin-token";
const settings = telegramSettings(token, { MESSENGER_WEBHOOK_SECRET: "whk-secret-123" });
const eightCommands = [
  { command: "start", description: "Bind using a one-time binding code" },
  { command: "help", description: "List commands" },
  { command: "status", description: "Show account and mail status" },
  { command: "accounts", description: "Show recent mailbox accounts" },
  { command: "messages", description: "Show recent messages" },
  { command: "pause", description: "Pause notifications" },
  { command: "resume", description: "Resume notifications" },
  { command: "test", description: "Send a test notification" },
];

async function signedIn(role: "admin" | "user", overrides: Vars = settings) {
  const user = await seedUser({ role });
  const client = createClient({ overrides });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return client;
}

function botMenu(cookie: string | undefined, overrides: Vars = settings) {
  return callWorker("/api/messenger/bot-menu", { method: "POST", headers: cookie ? { Cookie: `app_session=${cookie}` } : {} }, overrides);
}

describe("POST /api/messenger/bot-menu and admin.messenger.setBotMenu", () => {
  it("needs an administrator session: 401 without one, 403 for users, and calls nothing", async () => {
    const since = Date.now();
    const none = await botMenu(undefined);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    const user = await signedIn("user");
    const refused = await botMenu(user.state.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await appError(user.trpc.admin.messenger.setBotMenu.mutate())).toMatchObject({ appCode: "forbidden" });
    expect(await telegramCalls({ since, token })).toHaveLength(0);
  });

  it("registers the eight commands in order (English for everyone, then each language's words), then the commands menu button", async () => {
    const admin = await signedIn("admin");
    const since = Date.now();
    const res = await botMenu(admin.state.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, commands: eightCommands, languages: 9 });
    const calls = await telegramCalls({ since, token });
    expect(calls.map((c) => c.method)).toEqual([...Array<string>(9).fill("setMyCommands"), "setChatMenuButton"]);
    expect(calls[0]?.body).toEqual({ commands: eightCommands });
    // Telegram keys a menu by a two-letter language code: one per language, Chinese in Simplified characters.
    const perLanguage = calls.slice(1, 9).map((c) => c.body as { language_code: string; commands: { command: string; description: string }[] });
    expect(perLanguage.map((b) => b.language_code)).toEqual(["zh", "ja", "ko", "es", "fr", "de", "pt", "ru"]);
    for (const body of perLanguage) {
      expect(body.commands.map((c) => c.command)).toEqual(eightCommands.map((c) => c.command));
      expect(body.commands.filter((c, i) => c.description === eightCommands[i]?.description)).toEqual([]);
    }
    expect(perLanguage[0]?.commands[1]?.description).toMatch(/[\u4e00-\u9fff]/);
    expect(calls[9]?.body).toEqual({ menu_button: { type: "commands" } });
    expect(await admin.trpc.admin.messenger.setBotMenu.mutate()).toEqual({ ok: true, commands: eightCommands, languages: 9 });
  });

  it("answers bot_not_configured without a token and messenger_api_failed (502) when the platform refuses", async () => {
    const admin = await signedIn("admin");
    const noToken = await botMenu(admin.state.cookie, telegramSettings(undefined));
    expect(await noToken.json()).toMatchObject({ ok: false, error: { code: "bot_not_configured" } });
    for (const failing of ["blocked-token", "500-token"]) {
      const res = await botMenu(admin.state.cookie, telegramSettings(failing));
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: "messenger_api_failed" } });
    }
    const blocked = await signedIn("admin", telegramSettings("blocked-token"));
    const error = await appError(blocked.trpc.admin.messenger.setBotMenu.mutate());
    expect(error).toMatchObject({ appCode: "messenger_api_failed", httpStatus: 502 });
    expect(error.message).toContain("Forbidden: bot was blocked by the user");
  });
});

describe("admin.messenger webhook actions", () => {
  it("configureWebhook sends exactly url, secret_token, allowed_updates and drop_pending_updates", async () => {
    const admin = await signedIn("admin");
    const since = Date.now();
    const result = await admin.trpc.admin.messenger.configureWebhook.mutate();
    expect(result).toMatchObject({ ok: true, url: `${origin}/api/messenger/webhook`, secretSent: true });
    const [call] = await telegramCalls({ since, token, method: "setWebhook" });
    expect(call?.body).toEqual({
      url: `${origin}/api/messenger/webhook`,
      secret_token: "whk-secret-123",
      allowed_updates: ["message", "channel_post"],
      drop_pending_updates: true,
    });
    const info = await admin.trpc.admin.messenger.webhookInfo.query();
    expect(info).toMatchObject({ url: `${origin}/api/messenger/webhook`, healthy: true, pending_update_count: 0 });
  });

  it("locally without a secret registers without secret_token and says so", async () => {
    const admin = await signedIn("admin", telegramSettings(token));
    const since = Date.now();
    const result = await admin.trpc.admin.messenger.configureWebhook.mutate();
    expect(result).toMatchObject({ ok: true, secretSent: false });
    expect(result.note).toContain("without a secret");
    const [call] = await telegramCalls({ since, token, method: "setWebhook" });
    expect(call?.body).toEqual({ url: `${origin}/api/messenger/webhook`, allowed_updates: ["message", "channel_post"], drop_pending_updates: true });
  });

  it("refuses without a token (bot_not_configured) and remotely without a secret (webhook_secret_missing)", async () => {
    const noToken = await signedIn("admin", telegramSettings(undefined));
    expect(await appError(noToken.trpc.admin.messenger.configureWebhook.mutate())).toMatchObject({ appCode: "bot_not_configured" });
    expect(await appError(noToken.trpc.admin.messenger.webhookInfo.query())).toMatchObject({ appCode: "bot_not_configured" });
    expect(await appError(noToken.trpc.admin.messenger.deleteWebhook.mutate())).toMatchObject({ appCode: "bot_not_configured" });
    const since = Date.now();
    const staging = await signedIn("admin", telegramSettings(token, { ENVIRONMENT: "staging" }));
    expect(await appError(staging.trpc.admin.messenger.configureWebhook.mutate())).toMatchObject({ appCode: "webhook_secret_missing" });
    expect(await telegramCalls({ since, token, method: "setWebhook" })).toHaveLength(0);
  });

  it("webhookInfo is unhealthy with a last_error_message or another url; deleteWebhook drops pending updates", async () => {
    const erroring = await signedIn("admin", telegramSettings("erroring-token", { MESSENGER_WEBHOOK_SECRET: "x" }));
    await erroring.trpc.admin.messenger.configureWebhook.mutate();
    expect(await erroring.trpc.admin.messenger.webhookInfo.query()).toMatchObject({ healthy: false, last_error_message: expect.stringContaining("401") as string });

    const admin = await signedIn("admin");
    const since = Date.now();
    expect(await admin.trpc.admin.messenger.deleteWebhook.mutate()).toEqual({ ok: true });
    const [call] = await telegramCalls({ since, token, method: "deleteWebhook" });
    expect(call?.body).toEqual({ drop_pending_updates: true });
    expect(await admin.trpc.admin.messenger.webhookInfo.query()).toMatchObject({ url: "", healthy: false });
  });

  it("are admin only", async () => {
    const user = await signedIn("user");
    expect(await appError(user.trpc.admin.messenger.configureWebhook.mutate())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(user.trpc.admin.messenger.webhookInfo.query())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(user.trpc.admin.messenger.deleteWebhook.mutate())).toMatchObject({ appCode: "forbidden" });
    expect(await appError(createClient({ overrides: settings }).trpc.admin.messenger.configureWebhook.mutate())).toMatchObject({ appCode: "unauthorized" });
  });
});
