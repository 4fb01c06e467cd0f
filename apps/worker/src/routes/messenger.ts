import { appRouter, handleMessengerUpdate, verifyWebhookCall } from "@mailroom/api";
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
    const bot = verifyWebhookCall(ctx, c.req.raw.headers);
    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      ctx.log.warn("messenger webhook: ignored a body that is not JSON");
    }
    if (body !== null) {
      try {
        await handleMessengerUpdate(ctx, bot, body);
      } catch (error) {
        ctx.log.error("messenger webhook: handling an update failed", error);
      }
    }
    return c.json({ ok: true as const });
  })
  // The REST face of `admin.messenger.setBotMenu`: the same procedure, administrator check included.
  .post("/bot-menu", async (c) => c.json(await appRouter.createCaller(c.get("ctx")).admin.messenger.setBotMenu()));
