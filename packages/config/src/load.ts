import { settingNames, type Vars } from "./bindings.ts";
import { configSchema, type Config } from "./schema.ts";

export class ConfigError extends Error {
  readonly issues: { setting: string; message: string }[];

  constructor(issues: { setting: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.setting} ${i.message}`).join("; ")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: ConfigError };

/** Validates the settings without throwing; the doctor and the loader share it. */
export function parseConfig(env: Vars): ConfigResult {
  const input: Record<string, string | undefined> = {};
  for (const name of settingNames) {
    const value: unknown = env[name];
    input[name] = typeof value === "string" ? value : undefined;
  }
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    error: new ConfigError(parsed.error.issues.map((i) => ({ setting: String(i.path[0] ?? "?"), message: i.message }))),
  };
}

// The env object is stable for an isolate's lifetime, so each one is parsed once.
const cache = new WeakMap<object, Config>();

/** The one way every part of the worker reads settings. Throws `ConfigError` when invalid. */
export function loadConfig(env: Vars): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const result = parseConfig(env);
  if (!result.ok) throw result.error;
  cache.set(env, result.config);
  return result.config;
}
