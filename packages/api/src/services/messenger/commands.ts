import { bindChat, findUserById, setBindingPaused } from "@mailroom/db";
import type { TelegramBot } from "../../adapters/telegram.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { consumeBindingCode } from "./binding-codes.ts";
import { bindingOfChat, type Binding } from "./bindings.ts";
import { accountsLines, alreadyBoundLines, boundLines, helpLines, messagesLines, statusLines, welcomeLines } from "./chat-replies.ts";
import { isBotCommand, type BotCommandName } from "./commands-list.ts";
import { testLines } from "./notifications.ts";
import { sendHtmlLogged } from "./bot.ts";
import { botTexts, chatLocale, type BotT } from "./texts/index.ts";
import { chatTitle, parseCommand, updateSchema, type TelegramChat } from "./update.ts";

async function userOf(ctx: ServiceContext, userId: string): Promise<{ email: string | null; locale: string | null }> {
  const user = await findUserById(ctx.db, userId);
  return { email: user?.email ?? null, locale: user?.locale ?? null };
}

/** `/start [code]`. Binding answers in the language of the user just bound. */
async function start(ctx: ServiceContext, chat: TelegramChat, code: string, languageCode: string | undefined): Promise<string[]> {
  const chatId = String(chat.id);
  if (!code) {
    const binding = await bindingOfChat(ctx, chatId);
    const t = botTexts(chatLocale(binding?.locale, languageCode));
    if (!binding) return welcomeLines(t);
    return alreadyBoundLines(t, (await userOf(ctx, binding.userId)).email ?? t("yourAccount"));
  }
  const userId = await consumeBindingCode(ctx, code);
  if (!userId) {
    const t = botTexts(chatLocale(null, languageCode));
    return [t("invalidCode"), t("invalidCodeHow")];
  }
  await bindChat(ctx.db, userId, { id: chatId, type: chat.type, title: chatTitle(chat) }, ctx.clock.now());
  const user = await userOf(ctx, userId);
  const t = botTexts(chatLocale(user.locale, languageCode));
  return boundLines(t, user.email ?? t("yourAccount"));
}

/** The commands that need a bound chat whose user has the messenger switched on. */
async function boundCommand(ctx: ServiceContext, t: BotT, name: Exclude<BotCommandName, "start" | "help">, binding: Binding): Promise<string[]> {
  switch (name) {
    case "status":
      return statusLines(ctx, t, binding);
    case "accounts":
      return accountsLines(ctx, t, binding.userId);
    case "messages":
      return messagesLines(ctx, t, binding.userId);
    case "pause":
      await setBindingPaused(ctx.db, binding.userId, true);
      return [t("paused")];
    case "resume":
      await setBindingPaused(ctx.db, binding.userId, false);
      return [t("resumed")];
    case "test":
      // The test notification itself is the answer; paused chats are told why none came.
      return binding.paused ? [t("testWhilePaused")] : testLines(t, (await userOf(ctx, binding.userId)).email ?? t("yourAccount"));
  }
}

/** The reply to one chat message, or null when the bot stays silent. */
async function replyTo(ctx: ServiceContext, chat: TelegramChat, text: string, languageCode: string | undefined): Promise<string[] | null> {
  const command = parseCommand(text);
  const unbound = botTexts(chatLocale(null, languageCode));
  if (!command) {
    // In groups and channels ordinary talk is none of the bot's business.
    return chat.type === "private" ? [unbound("sendHelp")] : null;
  }
  const own = ctx.config.messenger.botUsername;
  if (command.addressee && own && command.addressee.toLowerCase() !== own.toLowerCase()) return null;
  if (!isBotCommand(command.name)) return [unbound("unknownCommand")];
  if (command.name === "start") return start(ctx, chat, command.args, languageCode);
  const binding = await bindingOfChat(ctx, String(chat.id));
  const t = binding ? botTexts(chatLocale(binding.locale, languageCode)) : unbound;
  if (command.name === "help") return helpLines(t);
  if (!binding) return [t("notBound")];
  if (!binding.messengerOn) return [t("switchedOff")];
  return boundCommand(ctx, t, command.name, binding);
}

/**
 * Handles one webhook update. It never throws for the update's content: anything it cannot use
 * (unknown kinds, malformed objects, messages without text) is logged and ignored, so the
 * platform never redelivers a poison update. State changes (binding, pause) are done before it
 * returns, so updates take effect in the order Telegram delivers them; the reply is sent in
 * `waitUntil`, so a slow or rate-limited platform never holds up the webhook's answer.
 */
export async function handleUpdate(ctx: ServiceContext, bot: TelegramBot, body: unknown): Promise<void> {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) {
    ctx.log.warn("messenger webhook: ignored a malformed update", { issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
    return;
  }
  const message = parsed.data.message ?? parsed.data.channel_post;
  if (!message) {
    const kinds = Object.keys(body as object).filter((k) => k !== "update_id");
    ctx.log.info("messenger webhook: ignored an update of another kind", { updateId: parsed.data.update_id, kinds });
    return;
  }
  if (message.text === undefined) return;
  const lines = await replyTo(ctx, message.chat, message.text, message.from?.language_code);
  if (lines) ctx.waitUntil(sendHtmlLogged(bot, String(message.chat.id), lines, "reply", ctx.log));
}
