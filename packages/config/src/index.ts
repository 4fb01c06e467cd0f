export { settingNames, type Bindings, type Vars } from "./bindings.ts";
export type { Config } from "./schema.ts";
export { ConfigError, loadConfig, parseConfig } from "./load.ts";
export { parseOrigins } from "./origins.ts";
export { frequentCronMinutes } from "./cron.ts";
