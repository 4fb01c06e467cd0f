export { getBusinessDefaults, setBusinessDefaults } from "./business.ts";
export { domainsForRole, getDomainSettings, setDomainSettings } from "./domains.ts";
export { defaultUserFeatures, getUserFeatures, setUserFeatures } from "./features.ts";
export { businessDefaultsPatchSchema, domainSettingsInputSchema } from "./schemas.ts";
export { settingCacheKey, type SettingsContext } from "./store.ts";
