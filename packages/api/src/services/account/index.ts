export { deleteOwnAccount } from "./delete.ts";
export { changeOwnPassword } from "./password.ts";
export { listOwnSessions, revokeOtherSessions, revokeOwnSession } from "./sessions.ts";
export { setOwnLocale } from "./locale.ts";
