// Isomorphic helpers the web app imports at runtime; nothing here touches server-only code.
export { sanitizeNextPath } from "./next-path.ts";
export { hostnameProblemOf, normalizeHostname } from "./hostname.ts";
export { mailboxLifetimes, maxRecipients, passwordMinLength } from "./limits.ts";
export { emailSchema, newPasswordSchema, recipientSchema, roleSchema } from "./validators.ts";
