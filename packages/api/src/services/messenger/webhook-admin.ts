import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { callBotOrThrow, requireBot } from "./bot.ts";
import { locales, type Locale } from "../../shared/locales.ts";
import { botCommands } from "./commands-list.ts";
import { botTexts } from "./texts/index.ts";

const webhookPath = "/api/messenger/webhook";
const allowedUpdates = ["message", "channel_post"] as const;

function commandsIn(locale: Locale): { command: string; description: string }[] {
  const t = botTexts(locale);
  return botCommands.map((c) => ({ command: c.command, description: t(c.description) }));
}

/**
 * Telegram keys a menu's language by a two-letter code, so Chinese gets one menu (Simplified)
 * and Portuguese the Brazilian one; English is the menu for every other language.
 */
const menuLanguages = locales.filter((l): l is Exclude<Locale, "en" | "zh-TW"> => l !== "en" && l !== "zh-TW");

/** `setMyCommands` with the eight commands (English for everyone, then each language's words), then the menu button that shows them. */
export async function setBotMenu(ctx: ServiceContext): Promise<{ ok: true; commands: { command: string; description: string }[]; languages: number }> {
  const bot = requireBot(ctx);
  const commands = commandsIn("en");
  await callBotOrThrow(bot, "setMyCommands", { commands }, ctx.log);
  for (const locale of menuLanguages) {
    await callBotOrThrow(bot, "setMyCommands", { commands: commandsIn(locale), language_code: locale.slice(0, 2) }, ctx.log);
  }
  await callBotOrThrow(bot, "setChatMenuButton", { menu_button: { type: "commands" } }, ctx.log);
  return { ok: true, commands, languages: menuLanguages.length + 1 };
}

/** The webhook address of this API: the origin the administrator reached the worker at. */
function webhookUrlFor(apiOrigin: string): string {
  return `${apiOrigin}${webhookPath}`;
}

/**
 * `setWebhook` with our address, the secret, the two update kinds and dropped backlog. Remotely
 * a secret is required; locally without one the webhook is registered without `secret_token`
 * (the local worker admits calls without the header) and the result says so.
 */
export async function configureWebhook(ctx: ServiceContext, apiOrigin: string): Promise<{ ok: true; url: string; secretSent: boolean; note: string | null }> {
  const bot = requireBot(ctx);
  const secret = ctx.config.messenger.webhookSecret;
  if (!secret && ctx.config.isRemote) {
    throw new AppError("webhook_secret_missing", "MESSENGER_WEBHOOK_SECRET is not set for this environment; put it as a secret first");
  }
  const url = webhookUrlFor(apiOrigin);
  await callBotOrThrow(
    bot,
    "setWebhook",
    { url, ...(secret ? { secret_token: secret } : {}), allowed_updates: [...allowedUpdates], drop_pending_updates: true },
    ctx.log,
  );
  return { ok: true, url, secretSent: Boolean(secret), note: secret ? null : "No MESSENGER_WEBHOOK_SECRET is set: the webhook was registered without a secret (local development only)." };
}

const webhookInfoSchema = z
  .object({
    url: z.string().default(""),
    has_custom_certificate: z.boolean().optional(),
    pending_update_count: z.number().optional(),
    ip_address: z.string().optional(),
    last_error_date: z.number().optional(),
    last_error_message: z.string().optional(),
    last_synchronization_error_date: z.number().optional(),
    max_connections: z.number().optional(),
    allowed_updates: z.array(z.string()).optional(),
  })
  .loose();

export type WebhookInfo = z.infer<typeof webhookInfoSchema> & { expectedUrl: string; healthy: boolean };

/** `getWebhookInfo`'s result plus `healthy`: registered at our address and no error reported. */
export async function webhookInfo(ctx: ServiceContext, apiOrigin: string): Promise<WebhookInfo> {
  const bot = requireBot(ctx);
  const parsed = webhookInfoSchema.safeParse(await callBotOrThrow(bot, "getWebhookInfo", {}, ctx.log));
  if (!parsed.success) throw new AppError("messenger_api_failed", "Telegram answered getWebhookInfo with an unexpected result");
  const expectedUrl = webhookUrlFor(apiOrigin);
  return { ...parsed.data, expectedUrl, healthy: parsed.data.url === expectedUrl && !parsed.data.last_error_message };
}

export async function deleteWebhook(ctx: ServiceContext): Promise<{ ok: true }> {
  await callBotOrThrow(requireBot(ctx), "deleteWebhook", { drop_pending_updates: true }, ctx.log);
  return { ok: true };
}
