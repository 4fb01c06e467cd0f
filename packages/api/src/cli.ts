// What the operator CLI (Node) uses: the same services the worker runs, on a context it builds.
export { systemClock, type ServiceContext } from "./context/service-context.ts";
export { AppError } from "./errors/index.ts";
export { hashPassword } from "./services/auth/password.ts";
export { createInvites } from "./services/invites/index.ts";
export { createAdministrator, setRoleByEmail } from "./services/users/manage.ts";
// The steps routing added to intake, timed alone by the intake bench.
export { authenticationFields, readAuthentication } from "./services/intake/authentication.ts";
export { sendersIn, splitPlusAddress } from "./services/routing/address.ts";
export { blockingRules } from "./services/routing/blocklist.ts";
