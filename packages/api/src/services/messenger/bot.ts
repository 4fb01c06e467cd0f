import { callTelegram, type TelegramAnswer, type TelegramBot } from "../../adapters/telegram.ts";
import type { Logger } from "../../context/logger.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { fitMessage } from "./format.ts";

/** The longest wait on a 429 worth taking; longer advice means giving up (and logging). */
const maxRetryAfterSeconds = 5;

/** The configured bot, or `bot_not_configured` when there is no token. */
export function requireBot(ctx: Pick<ServiceContext, "adapters">): TelegramBot {
  const bot = ctx.adapters.telegram;
  if (!bot) throw new AppError("bot_not_configured", "The Telegram bot is not configured: MESSENGER_BOT_TOKEN is not set");
  return bot;
}

/** The configured bot when the messenger is on (token set, not switched off), else null. */
export function activeBot(ctx: Pick<ServiceContext, "adapters" | "config">): TelegramBot | null {
  return ctx.config.messenger.enabled ? ctx.adapters.telegram : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Bot API call that honours the platform's flood control: on a 429 whose `retry_after` is
 * short it waits that long and tries once more; a longer wait is not worth holding a request.
 */
async function callBot(bot: TelegramBot, method: string, body: object, log: Logger): Promise<TelegramAnswer> {
  const first = await callTelegram(bot, method, body);
  if (first.ok || first.status !== 429) return first;
  if (first.retryAfter === null || first.retryAfter > maxRetryAfterSeconds) {
    log.warn("telegram rate limited; not retrying", { method, retryAfterSeconds: first.retryAfter });
    return first;
  }
  await sleep(Math.max(0, first.retryAfter) * 1000);
  return callTelegram(bot, method, body);
}

/** `callBot` for actions a person waits on: a refusal becomes `messenger_api_failed` with Telegram's words. */
export async function callBotOrThrow(bot: TelegramBot, method: string, body: object, log: Logger): Promise<unknown> {
  const answer = await callBot(bot, method, body, log);
  if (answer.ok) return answer.result;
  throw new AppError("messenger_api_failed", `Telegram refused ${method}: ${answer.description}`);
}

/** One HTML message to a chat, within the length limit, link previews off (mail links can be one-time). */
export function sendHtml(bot: TelegramBot, chatId: string, lines: readonly string[], log: Logger): Promise<TelegramAnswer> {
  return callBot(
    bot,
    "sendMessage",
    { chat_id: chatId, text: fitMessage(lines), parse_mode: "HTML", link_preview_options: { is_disabled: true } },
    log,
  );
}

/** `sendHtml` for background work: a refusal is logged, never thrown. */
export async function sendHtmlLogged(bot: TelegramBot, chatId: string, lines: readonly string[], what: string, log: Logger): Promise<boolean> {
  const answer = await sendHtml(bot, chatId, lines, log);
  if (!answer.ok) log.warn(`telegram ${what} failed`, { chatId, error: answer.description });
  return answer.ok;
}
