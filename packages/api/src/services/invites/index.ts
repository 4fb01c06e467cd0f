export { generateInviteCode, hashInviteCode, inviteHint, normalizeInviteCode } from "./codes.ts";
export { createInvites, type NewInvites } from "./create.ts";
export { redeemInvite, type NewAccount } from "./redeem.ts";
export { inviteStatus, type InviteStatus } from "./status.ts";
