import type { TelegramAnswer, TelegramBot } from "../../adapters/telegram.ts";
import type { Logger } from "../../context/logger.ts";
import { callBot } from "./bot.ts";
import { fitMessage } from "./format.ts";

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
