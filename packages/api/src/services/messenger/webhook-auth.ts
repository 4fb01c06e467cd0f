import type { TelegramBot } from "../../adapters/telegram.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { timingSafeEqual } from "../../lib/crypto.ts";
import { activeBot } from "./bot.ts";

/** The contract's header name and the one Telegram actually sends; either carries the secret. */
const secretHeaderNames = ["X-Messenger-Bot-Api-Secret-Token", "X-Telegram-Bot-Api-Secret-Token"] as const;

/**
 * Admits a webhook call and gives the bot that answers it. Messenger off → 404. With a secret configured every secret header
 * present must equal it and at least one must be present (constant-time compare). Without a
 * secret, staging and production refuse everything (fail closed); local development admits calls.
 */
export function verifyWebhookCall(ctx: Pick<ServiceContext, "adapters" | "config">, headers: Headers): TelegramBot {
  const bot = activeBot(ctx);
  if (!bot) throw new AppError("not_found", "Not found");
  const secret = ctx.config.messenger.webhookSecret;
  if (!secret) {
    if (ctx.config.isRemote) throw new AppError("unauthorized", "The webhook secret is not configured");
    return bot;
  }
  const sent = secretHeaderNames.map((name) => headers.get(name)).filter((v): v is string => v !== null);
  let matches = sent.length > 0;
  for (const value of sent) matches = timingSafeEqual(value, secret) && matches;
  if (!matches) throw new AppError("unauthorized", "The webhook secret header is missing or wrong");
  return bot;
}
