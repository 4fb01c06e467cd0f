// Isomorphic helpers the web app imports at runtime; nothing here touches server-only code.
export { sanitizeNextPath } from "./next-path.ts";
export { hostnameProblemOf, normalizeHostname } from "./hostname.ts";
export { emailSchema, mailboxLifetimes, maxRecipients, newPasswordSchema, passwordMinLength, recipientSchema, roleSchema } from "./validators.ts";
