import type { Bindings, Config } from "@mailroom/config";
import type { Database } from "@mailroom/db";

/** What the settings service needs; the email handler and tRPC procedures both have it. */
export interface SettingsDeps {
  db: Database;
  cache: KVNamespace;
  config: Pick<Config, "fallbackMailDomain">;
}

/** Builds the deps from anything shaped like the request context. */
export function settingsDeps(ctx: { db: Database; env: Pick<Bindings, "CACHE">; config: Pick<Config, "fallbackMailDomain"> }): SettingsDeps {
  return { db: ctx.db, cache: ctx.env.CACHE, config: ctx.config };
}
