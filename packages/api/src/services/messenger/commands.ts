import type { Config } from "@mailroom/config";
import { users, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";
import type { TelegramBot } from "../../adapters/telegram.ts";
import { consumeBindingCode } from "./binding-codes.ts";
import { bindChat, bindingOfChat, setPaused, type Binding } from "./bindings.ts";
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
import { sendHtmlLogged } from "./send.ts";
import { chatTitle, parseCommand, updateSchema, type TelegramChat } from "./update.ts";

export interface BotDeps {
  db: Database;
  d1: D1Database;
  config: Config;
  bot: TelegramBot;
  waitUntil: (promise: Promise<unknown>) => void;
  now?: Date;
}

async function emailOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? "your account";
}

async function start(deps: BotDeps, chat: TelegramChat, code: string): Promise<string[]> {
  const chatId = String(chat.id);
  if (!code) {
    const binding = await bindingOfChat(deps.db, chatId);
    return binding ? alreadyBoundLines(await emailOf(deps.db, binding.userId)) : welcomeLines();
  }
  const userId = await consumeBindingCode(deps.d1, code, deps.now);
  if (!userId) return invalidCodeLines;
  await bindChat(deps.db, userId, { id: chatId, type: chat.type, title: chatTitle(chat) }, deps.now);
  return boundLines(await emailOf(deps.db, userId));
}

/** The commands that need a bound chat whose user has the messenger switched on. */
async function boundCommand(deps: BotDeps, name: Exclude<BotCommandName, "start" | "help">, binding: Binding): Promise<string[]> {
  switch (name) {
    case "status":
      return statusLines(deps.db, binding, deps.now);
    case "accounts":
      return accountsLines(deps.db, binding.userId);
    case "messages":
      return messagesLines(deps.db, binding.userId);
    case "pause":
      await setPaused(deps.db, binding.userId, true);
      return ["⏸ Notifications are paused. Send /resume to switch them back on."];
    case "resume":
      await setPaused(deps.db, binding.userId, false);
      return ["▶️ Notifications are on again."];
    case "test":
      // The test notification itself is the answer; paused chats are told why none came.
      return binding.paused ? ["Notifications are paused, so no test was sent. Send /resume first."] : testLines(await emailOf(deps.db, binding.userId));
  }
}

/** The reply to one chat message, or null when the bot stays silent. */
async function replyTo(deps: BotDeps, chat: TelegramChat, text: string): Promise<string[] | null> {
  const command = parseCommand(text);
  if (!command) {
    // In groups and channels ordinary talk is none of the bot's business.
    return chat.type === "private" ? ["Send /help for the list of commands."] : null;
  }
  const own = deps.config.messenger.botUsername;
  if (command.addressee && own && command.addressee.toLowerCase() !== own.toLowerCase()) return null;
  if (!isBotCommand(command.name)) return ["Unknown command. Send /help for the list of commands."];
  if (command.name === "help") return helpLines();
  if (command.name === "start") return start(deps, chat, command.args);
  const binding = await bindingOfChat(deps.db, String(chat.id));
  if (!binding) return notBoundLines;
  if (!binding.messengerOn) return switchedOffLines;
  return boundCommand(deps, command.name, binding);
}

/**
 * Handles one webhook update. It never throws for the update's content: anything it cannot use
 * (unknown kinds, malformed objects, messages without text) is logged and ignored, so the
 * platform never redelivers a poison update. State changes (binding, pause) are done before it
 * returns, so updates take effect in the order Telegram delivers them; the reply is sent in
 * `waitUntil`, so a slow or rate-limited platform never holds up the webhook's answer.
 */
export async function handleUpdate(deps: BotDeps, body: unknown): Promise<void> {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) {
    console.warn(`messenger webhook: ignored a malformed update: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return;
  }
  const message = parsed.data.message ?? parsed.data.channel_post;
  if (!message) {
    const kinds = Object.keys(body as object).filter((k) => k !== "update_id");
    console.log(`messenger webhook: ignored update ${parsed.data.update_id} of kind ${kinds.join(",") || "none"}`);
    return;
  }
  if (message.text === undefined) return;
  const lines = await replyTo(deps, message.chat, message.text);
  if (lines) deps.waitUntil(sendHtmlLogged(deps.bot, String(message.chat.id), lines, "reply"));
}
