export { waitForCode } from "./code.ts";
export { createApiKey, createApiKeyInputSchema, listOwnApiKeys, resolveApiKey, revokeOwnApiKey } from "./keys.ts";
export { apiQuotaExceeded, apiUsageOf, chargeApiCall, ownApiUsage } from "./quota.ts";
