export { completeOAuthCallback } from "./callback.ts";
export { finalizeBodySchema, finalizeOAuthLogin, ticketIdSchema, ticketInvalid } from "./finalize.ts";
export { listIdentities } from "./identities.ts";
export { listProviders } from "./providers.ts";
export { startOAuthLogin } from "./start.ts";
export { readPendingTicket } from "./tickets.ts";
