export { completeOAuthCallback } from "./callback.ts";
export { finalizeBodySchema, finalizeOAuthLogin, ticketIdSchema, ticketInvalid, type FinalizedLogin } from "./finalize.ts";
export { listIdentities } from "./identities.ts";
export { isProvider, listProviders, parseProvider, type OAuthProvider } from "./providers.ts";
export { loginErrorPath, type OAuthErrorReason } from "./redirects.ts";
export { startOAuthLogin } from "./start.ts";
export { stateLifetimeMs } from "./states.ts";
export { maxFailedAttempts, readPendingTicket, ticketLifetimeMs } from "./tickets.ts";
