import type { Config } from "@mailroom/config";
import { z } from "zod";
import { AppError } from "../../errors/index.ts";
import { callBotOrThrow, requireBot } from "./bot.ts";
import { botCommands } from "./commands-list.ts";

export const webhookPath = "/api/messenger/webhook";
export const allowedUpdates = ["message", "channel_post"] as const;

/** `setMyCommands` with the eight commands, then the menu button that shows them. */
export async function setBotMenu(config: Config): Promise<{ ok: true; commands: { command: string; description: string }[] }> {
  const bot = requireBot(config);
  const commands = botCommands.map((c) => ({ command: c.command, description: c.description }));
  await callBotOrThrow(bot, "setMyCommands", { commands });
  await callBotOrThrow(bot, "setChatMenuButton", { menu_button: { type: "commands" } });
  return { ok: true, commands };
}

/** The webhook address of this API: the origin the administrator reached the worker at. */
export function webhookUrlFor(requestUrl: string): string {
  return `${new URL(requestUrl).origin}${webhookPath}`;
}

/**
 * `setWebhook` with our address, the secret, the two update kinds and dropped backlog. Remotely
 * a secret is required; locally without one the webhook is registered without `secret_token`
 * (the local worker admits calls without the header) and the result says so.
 */
export async function configureWebhook(config: Config, requestUrl: string): Promise<{ ok: true; url: string; secretSent: boolean; note: string | null }> {
  const bot = requireBot(config);
  const secret = config.messenger.webhookSecret;
  if (!secret && config.isRemote) {
    throw new AppError("webhook_secret_missing", "MESSENGER_WEBHOOK_SECRET is not set for this environment; put it as a secret first");
  }
  const url = webhookUrlFor(requestUrl);
  await callBotOrThrow(bot, "setWebhook", {
    url,
    ...(secret ? { secret_token: secret } : {}),
    allowed_updates: [...allowedUpdates],
    drop_pending_updates: true,
  });
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
export async function webhookInfo(config: Config, requestUrl: string): Promise<WebhookInfo> {
  const bot = requireBot(config);
  const parsed = webhookInfoSchema.safeParse(await callBotOrThrow(bot, "getWebhookInfo", {}));
  if (!parsed.success) throw new AppError("messenger_api_failed", "Telegram answered getWebhookInfo with an unexpected result");
  const expectedUrl = webhookUrlFor(requestUrl);
  return { ...parsed.data, expectedUrl, healthy: parsed.data.url === expectedUrl && !parsed.data.last_error_message };
}

export async function deleteWebhook(config: Config): Promise<{ ok: true }> {
  await callBotOrThrow(requireBot(config), "deleteWebhook", { drop_pending_updates: true });
  return { ok: true };
}
