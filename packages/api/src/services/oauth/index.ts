export { completeOAuthCallback } from "./callback.ts";
export { finalizeBodySchema, finalizeOAuthLogin, readPendingTicket, ticketIdSchema } from "./finalize.ts";
export { listOwnIdentities } from "./identities.ts";
export { listProviders } from "./providers.ts";
export { startOAuthLogin } from "./start.ts";
