// What the operator CLI (Node) shares with the worker: the same hashing and code formats.
export { hashPassword } from "./auth/password.ts";
export { generateInviteCode, hashInviteCode, inviteHint } from "./services/invites/codes.ts";
