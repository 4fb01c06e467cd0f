import type { Config } from "@mailroom/config";
import { callTelegram, type TelegramAnswer, type TelegramBot } from "../../adapters/telegram.ts";
import { AppError } from "../../errors/index.ts";

/** The longest wait on a 429 worth taking; longer advice means giving up (and logging). */
const maxRetryAfterSeconds = 5;

/** The configured bot, or `bot_not_configured` when there is no token. */
export function requireBot(config: Config): TelegramBot {
  const { botToken, apiBaseUrl } = config.messenger;
  if (!botToken) throw new AppError("bot_not_configured", "The Telegram bot is not configured: MESSENGER_BOT_TOKEN is not set");
  return { apiBaseUrl, token: botToken };
}

/** The configured bot when the messenger is on (token set, not switched off), else null. */
export function activeBot(config: Config): TelegramBot | null {
  const { enabled, botToken, apiBaseUrl } = config.messenger;
  return enabled && botToken ? { apiBaseUrl, token: botToken } : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Bot API call that honours the platform's flood control: on a 429 whose `retry_after` is
 * short it waits that long and tries once more; a longer wait is not worth holding a request.
 */
export async function callBot(bot: TelegramBot, method: string, body: object): Promise<TelegramAnswer> {
  const first = await callTelegram(bot, method, body);
  if (first.ok || first.status !== 429) return first;
  if (first.retryAfter === null || first.retryAfter > maxRetryAfterSeconds) {
    console.warn(`telegram ${method}: rate limited for ${first.retryAfter ?? "?"} s; not retrying`);
    return first;
  }
  await sleep(Math.max(0, first.retryAfter) * 1000);
  return callTelegram(bot, method, body);
}

/** `callBot` for actions a person waits on: a refusal becomes `messenger_api_failed` with Telegram's words. */
export async function callBotOrThrow(bot: TelegramBot, method: string, body: object): Promise<unknown> {
  const answer = await callBot(bot, method, body);
  if (answer.ok) return answer.result;
  throw new AppError("messenger_api_failed", `Telegram refused ${method}: ${answer.description}`);
}
