import { bindChat, findUserById, setBindingPaused } from "@mailroom/db";
import type { TelegramBot } from "../../adapters/telegram.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { consumeBindingCode } from "./binding-codes.ts";
import { bindingOfChat, type Binding } from "./bindings.ts";
import {
  accountsLines,
  alreadyBoundLines,
  boundLines,
  helpLines,
  invalidCodeLines,
  messagesLines,
  notBoundLines,
  statusLines,
  switchedOffLines,
  welcomeLines,
} from "./chat-replies.ts";
import { isBotCommand, type BotCommandName } from "./commands-list.ts";
import { testLines } from "./notifications.ts";
import { sendHtmlLogged } from "./bot.ts";
import { chatTitle, parseCommand, updateSchema, type TelegramChat } from "./update.ts";

async function emailOf(ctx: ServiceContext, userId: string): Promise<string> {
  return (await findUserById(ctx.db, userId))?.email ?? "your account";
}

async function start(ctx: ServiceContext, chat: TelegramChat, code: string): Promise<string[]> {
  const chatId = String(chat.id);
  if (!code) {
    const binding = await bindingOfChat(ctx, chatId);
    return binding ? alreadyBoundLines(await emailOf(ctx, binding.userId)) : welcomeLines();
  }
  const userId = await consumeBindingCode(ctx, code);
  if (!userId) return invalidCodeLines;
  await bindChat(ctx.db, userId, { id: chatId, type: chat.type, title: chatTitle(chat) }, ctx.clock.now());
  return boundLines(await emailOf(ctx, userId));
}

/** The commands that need a bound chat whose user has the messenger switched on. */
async function boundCommand(ctx: ServiceContext, name: Exclude<BotCommandName, "start" | "help">, binding: Binding): Promise<string[]> {
  switch (name) {
    case "status":
      return statusLines(ctx, binding);
    case "accounts":
      return accountsLines(ctx, binding.userId);
    case "messages":
      return messagesLines(ctx, binding.userId);
    case "pause":
      await setBindingPaused(ctx.db, binding.userId, true);
      return ["⏸ Notifications are paused. Send /resume to switch them back on."];
    case "resume":
      await setBindingPaused(ctx.db, binding.userId, false);
      return ["▶️ Notifications are on again."];
    case "test":
      // The test notification itself is the answer; paused chats are told why none came.
      return binding.paused ? ["Notifications are paused, so no test was sent. Send /resume first."] : testLines(await emailOf(ctx, binding.userId));
  }
}

/** The reply to one chat message, or null when the bot stays silent. */
async function replyTo(ctx: ServiceContext, chat: TelegramChat, text: string): Promise<string[] | null> {
  const command = parseCommand(text);
  if (!command) {
    // In groups and channels ordinary talk is none of the bot's business.
    return chat.type === "private" ? ["Send /help for the list of commands."] : null;
  }
  const own = ctx.config.messenger.botUsername;
  if (command.addressee && own && command.addressee.toLowerCase() !== own.toLowerCase()) return null;
  if (!isBotCommand(command.name)) return ["Unknown command. Send /help for the list of commands."];
  if (command.name === "help") return helpLines();
  if (command.name === "start") return start(ctx, chat, command.args);
  const binding = await bindingOfChat(ctx, String(chat.id));
  if (!binding) return notBoundLines;
  if (!binding.messengerOn) return switchedOffLines;
  return boundCommand(ctx, command.name, binding);
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
  const lines = await replyTo(ctx, message.chat, message.text);
  if (lines) ctx.waitUntil(sendHtmlLogged(bot, String(message.chat.id), lines, "reply", ctx.log));
}
