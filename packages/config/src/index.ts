export { settingNames, type Bindings, type SettingName, type Vars } from "./bindings.ts";
export { configSchema, type Config } from "./schema.ts";
export { ConfigError, loadConfig, parseConfig, type ConfigResult } from "./load.ts";
export { parseOrigins, type OriginList } from "./origins.ts";
