import type { ServiceContext, SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import type { MessageStoredEvent, MessageStoredListener } from "../../events/message-stored.ts";
import { bindingOfUser } from "./bindings.ts";
import { recognitionLine, senderText, subjectLine, userText } from "./format.ts";
import { activeBot, requireBot, sendHtml, sendHtmlLogged } from "./bot.ts";
import { botTexts, chatLocale, type BotT } from "./texts/index.ts";

/** The lines of a new-mail notification; recognition (rules or AI) is done before storage, so it is included. */
function newMailLines(t: BotT, event: Pick<MessageStoredEvent, "address" | "fromName" | "fromAddress" | "subject" | "recognition">): string[] {
  const lines = [t("newMail", { address: userText(event.address, 200) }), t("from", { sender: senderText(t, event.fromName, event.fromAddress) }), subjectLine(t, event.subject)];
  const found = event.recognition ? recognitionLine(t, event.recognition.kind, event.recognition.value) : null;
  if (found) lines.push(found);
  return lines;
}

export function testLines(t: BotT, email: string): string[] {
  return [t("testHeading"), t("testBody", { email: userText(email, 200) })];
}

/** The post-intake listener: one message per stored mail, with the extracted code or link. */
export const messengerListener: MessageStoredListener = {
  name: "messenger",
  run: async (event, ctx: ServiceContext) => {
    const bot = activeBot(ctx);
    if (!bot || !event.features.messenger) return;
    const binding = await bindingOfUser(ctx, event.userId);
    if (!binding || binding.paused || !binding.messengerOn) return;
    await sendHtmlLogged(bot, binding.chatId, newMailLines(botTexts(chatLocale(binding.locale)), event), "new-mail notification", ctx.log);
  },
};

/**
 * `messenger.sendTest`: the checks a person needs an answer to (no token, messenger off, no chat,
 * the user's switch off, paused), then one message; a refusal is `messenger_api_failed`.
 */
export async function sendTestNotification(ctx: SignedInContext): Promise<void> {
  const bot = requireBot(ctx);
  const { user } = ctx.actor;
  if (!ctx.config.messenger.enabled) throw new AppError("feature_disabled", "The messenger is switched off on this service");
  const binding = await bindingOfUser(ctx, user.id);
  if (!binding) throw new AppError("not_found", "No chat is bound yet. Generate a binding code and send it to the bot first.");
  if (!binding.messengerOn) throw new AppError("feature_disabled", "The messenger is switched off for your account");
  if (binding.paused) throw new AppError("feature_disabled", "Notifications are paused. Resume them to send a test.");
  const answer = await sendHtml(bot, binding.chatId, testLines(botTexts(chatLocale(binding.locale)), user.email), ctx.log);
  if (!answer.ok) throw new AppError("messenger_api_failed", `Telegram refused the message: ${answer.description}`);
}

/** A sent mail bounced or was marked as spam (CONTRACT §15), to the owner's chat. */
export async function notifyBounce(ctx: ServiceContext, userId: string, record: { subject: string; to: string[]; status: "bounced" | "complained"; reason: string | null }): Promise<void> {
  const bot = activeBot(ctx);
  if (!bot) return;
  const binding = await bindingOfUser(ctx, userId);
  if (!binding || binding.paused || !binding.messengerOn) return;
  const t = botTexts(chatLocale(binding.locale));
  const lines = [t(record.status === "bounced" ? "bounced" : "complained"), t("to", { recipients: userText(record.to.join(", "), 300) }), subjectLine(t, record.subject)];
  if (record.reason) lines.push(t("reason", { reason: userText(record.reason, 500) }));
  await sendHtmlLogged(bot, binding.chatId, lines, "bounce notification", ctx.log);
}
