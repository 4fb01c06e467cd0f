// The API package's face to its transports (the worker's fetch/email/scheduled handlers) and tests.
export { appRouter, type AppRouter } from "./router.ts";
export { AppError, issuesOf } from "./errors/index.ts";
export { trpcErrorBody, type ErrorData } from "./trpc/init.ts";
export { benchTally, countBenchMessage } from "./context/binding-counters.ts";
export { createLogger, requestIdFrom } from "./context/logger.ts";
export { createServiceContext, type Actor, type Clock, type ServiceContext } from "./context/service-context.ts";
export { forgetCachedReads } from "./context/isolate-cache.ts";
export { authenticate, bearerToken, chargeKeyCall, createRequestContext, resolveKeyActor, type RequestContext } from "./transport/request-context.ts";
export { expiredOAuthBindingCookie, oauthBindingCookie, sessionCookie } from "./transport/session-cookie.ts";
export type { MessageStoredEvent, MessageStoredListener } from "./events/message-stored.ts";
export { DeliveryDeferred, receiveEmail } from "./services/intake/index.ts";
export { runRetention, runRetentionTrickle } from "./services/retention.ts";
export { receiveResendEvent, sendBodyMaxBytes, sendInputSchema, sendOutbound } from "./services/outbound/index.ts";
export { runDueDeliveries as runWebhookDeliveries, webhooksListener } from "./services/webhooks/index.ts";
export {
  deleteOwnMessage,
  downloadAttachment,
  downloadRawMessage,
  getOwnMessage,
  listOwnMessages,
  readRawMessage,
  runBodyBackfill,
  runSearchBackfill,
  type Download,
} from "./services/messages/index.ts";
export { loadBody as loadMessageBody } from "./services/messages/body.ts";
export { runStorageWatch } from "./services/storage/index.ts";
export {
  allowedDomains,
  createMailbox,
  deleteOwnMailbox,
  listOwnMailboxes,
  localPartSchema,
  mailboxRoutingFields,
  publicMailbox,
  requireOwnMailbox,
  updateOwnMailboxRouting,
} from "./services/mailboxes/index.ts";
export { waitForCode } from "./services/api-keys/index.ts";
export { cursorSchema } from "./lib/cursor.ts";
export { handleUpdate as handleMessengerUpdate, messengerListener, verifyWebhookCall } from "./services/messenger/index.ts";
export { completeOAuthCallback, finalizeBodySchema, finalizeOAuthLogin, startOAuthLogin } from "./services/oauth/index.ts";
export { createInvites, hashInviteCode } from "./services/invites/index.ts";
export * from "./services/settings/index.ts";
