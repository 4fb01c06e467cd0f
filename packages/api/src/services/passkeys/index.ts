export { passkeyLogin, passkeyLoginOptions } from "./login.ts";
export { listOwnPasskeys, removeOwnPasskey } from "./manage.ts";
export { passkeyRegistrationOptions, registerPasskey } from "./register.ts";
export { authenticationResponseSchema, registrationResponseSchema } from "./responses.ts";
