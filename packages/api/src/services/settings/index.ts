export { settingsDeps, type SettingsDeps } from "./deps.ts";
export { getBusinessDefaults, setBusinessDefaults } from "./business.ts";
export { domainsForRole, fallbackDomainSettings, getDomainSettings, setDomainSettings } from "./domains.ts";
export { defaultUserFeatures, getUserFeatures, type UserFeatures } from "./features.ts";
export {
  businessDefaultValues,
  businessDefaultsPatchSchema,
  domainSettingsSchema,
  type BusinessDefaults,
  type BusinessDefaultsPatch,
  type DomainSettings,
  type DomainSettingsInput,
  type SettingKey,
} from "./schemas.ts";
export { settingCacheKey } from "./store.ts";
