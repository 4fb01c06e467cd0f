export { allowedDomains, createMailbox } from "./create.ts";
export { localPartSchema, randomLocalPart, reservedLocalParts } from "./local-part.ts";
