export { createDb, type Database } from "./client.ts";
export { countRoundTrips } from "./round-trips.ts";
export { attachmentObjectKey, bodyObjectKey, messageObjectKey } from "./object-keys.ts";
export { messageSearchTerms, searchQueryTerms } from "./search-terms.ts";
export type { Role } from "./schema/columns.ts";
export { oauthProviders, type OAuthProvider } from "./schema/oauth.ts";
export { webhookDeliveryStatuses } from "./schema/webhooks.ts";
export type { ForwardOutcome } from "./schema/messages.ts";
export * from "./queries/index.ts";
