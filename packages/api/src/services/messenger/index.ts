export { handleUpdate } from "./commands.ts";
export { messengerListener, sendTestNotification } from "./notifications.ts";
export { createBindingCode, messengerStatus, setNotificationsPaused, unbindChat } from "./settings-page.ts";
export { configureWebhook, deleteWebhook, setBotMenu, webhookInfo } from "./webhook-admin.ts";
export { verifyWebhookCall } from "./webhook-auth.ts";
