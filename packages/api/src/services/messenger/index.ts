export { createBindingCode, consumeBindingCode, pendingCodeExpiry, bindingCodeAlphabet, bindingCodeLength } from "./binding-codes.ts";
export { bindingOfUser, setPaused, unbindUser } from "./bindings.ts";
export { activeBot, requireBot } from "./bot.ts";
export { botCommands } from "./commands-list.ts";
export { handleUpdate, type BotDeps } from "./commands.ts";
export { escapeHtml } from "./format.ts";
export { messengerListener, sendTestNotification } from "./notifications.ts";
export { configureWebhook, deleteWebhook, setBotMenu, webhookInfo, webhookPath } from "./webhook-admin.ts";
export { secretHeaderNames, verifyWebhookCall } from "./webhook-auth.ts";
