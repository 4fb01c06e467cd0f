import { activeMessengerBot, AppError, handleMessengerUpdate, requireSession, setBotMenu, verifyWebhookCall } from "@mailroom/api";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * Telegram's side of the bot (the webhook) and the administrator's bot-menu action. An admitted
 * webhook call always answers 200 `{"ok": true}`, whatever the update held, so Telegram never
 * redelivers an update the bot cannot use.
 */
export const messengerRoutes = new Hono<AppEnv>()
  .post("/webhook", async (c) => {
    const ctx = c.get("ctx");
    verifyWebhookCall(ctx.config, c.req.raw.headers);
    const bot = activeMessengerBot(ctx.config);
    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      console.warn("messenger webhook: ignored a body that is not JSON");
    }
    if (bot && body !== null) {
      try {
        await handleMessengerUpdate({ db: ctx.db, d1: ctx.env.DB, config: ctx.config, bot }, body);
      } catch (error) {
        console.error(`messenger webhook: handling an update failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return c.json({ ok: true as const });
  })
  .post("/bot-menu", async (c) => {
    const ctx = c.get("ctx");
    const session = await requireSession(ctx);
    if (session.user.role !== "admin") throw new AppError("forbidden", "This needs an administrator");
    return c.json(await setBotMenu(ctx.config));
  });
