export { hashInviteCode } from "./codes.ts";
export { createInvites, disableInviteById, listInviteSummaries } from "./create.ts";
