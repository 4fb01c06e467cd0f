export { allowedDomains, createMailbox } from "./create.ts";
export { localPartSchema } from "./local-part.ts";
export { deleteOwnMailbox, extendOwnMailbox, listOwnMailboxes, publicMailbox, requireOwnMailbox } from "./manage.ts";
export { mailboxRoutingFields, mailboxRoutingInputSchema, updateOwnMailboxRouting } from "./routing.ts";
