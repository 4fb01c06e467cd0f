// The API package's face to its transports (the worker's fetch/email/scheduled handlers) and tests.
export { appRouter, type AppRouter } from "./router.ts";
export { AppError, issuesOf } from "./errors/index.ts";
export type { ErrorData } from "./trpc/init.ts";
export { createLogger, requestIdFrom } from "./context/logger.ts";
export { createServiceContext, type Clock, type ServiceContext } from "./context/service-context.ts";
export { authenticate, createRequestContext, type RequestContext } from "./transport/request-context.ts";
export { sessionCookie } from "./transport/session-cookie.ts";
export type { MessageStoredEvent, MessageStoredListener } from "./events/message-stored.ts";
export { receiveEmail } from "./services/intake/index.ts";
export { runRetention } from "./services/retention.ts";
export { sendBodyMaxBytes } from "./services/outbound/index.ts";
export { runDueDeliveries as runWebhookDeliveries, webhooksListener } from "./services/webhooks/index.ts";
export { downloadAttachment, downloadRawMessage, type Download } from "./services/messages/index.ts";
export { handleUpdate as handleMessengerUpdate, messengerListener, verifyWebhookCall } from "./services/messenger/index.ts";
export { completeOAuthCallback, finalizeBodySchema, finalizeOAuthLogin, startOAuthLogin } from "./services/oauth/index.ts";
export { createInvites, hashInviteCode } from "./services/invites/index.ts";
export { createMailbox } from "./services/mailboxes/index.ts";
export * from "./services/settings/index.ts";
