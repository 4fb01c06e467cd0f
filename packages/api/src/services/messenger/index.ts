export { createBindingCode, pendingCodeExpiry } from "./binding-codes.ts";
export { bindingOfUser, setPaused, unbindUser } from "./bindings.ts";
export { handleUpdate } from "./commands.ts";
export { messengerListener, sendTestNotification } from "./notifications.ts";
export { configureWebhook, deleteWebhook, setBotMenu, webhookInfo } from "./webhook-admin.ts";
export { verifyWebhookCall } from "./webhook-auth.ts";
