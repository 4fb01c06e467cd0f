export { allowedDomains, createMailbox } from "./create.ts";
export { localPartSchema } from "./local-part.ts";
export { deleteOwnMailbox, extendOwnMailbox, listOwnMailboxes, publicMailbox } from "./manage.ts";
