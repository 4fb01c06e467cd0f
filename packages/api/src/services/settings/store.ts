import { readSettingValue, writeSettingValue } from "@mailroom/db";
import { z } from "zod";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { settingSchemas, type SettingKey } from "./schemas.ts";

/** What reading and writing settings needs: the table, its cached copy, the clock and the log. */
export type SettingsContext = Pick<ServiceContext, "db" | "stores" | "config" | "clock" | "log">;

type Stored<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

// The copy in CACHE expires on its own, which bounds how long a copy can outlive a write it
// missed (KV is eventually consistent, and a reader can put back a value read just before a write).
const cacheTtlSeconds = 60;

const cacheKey = (key: SettingKey) => `settings:v1:${key}`;

/** The cached copy: the stored JSON, or null when nothing is stored (so a miss is cached too). */
const cacheEntry = z.object({ stored: z.unknown() });

function logCacheFailure(ctx: SettingsContext, action: string, key: SettingKey, error: unknown): void {
  ctx.log.warn(`settings cache ${action} failed`, { setting: key, error: error instanceof Error ? error.message : String(error) });
}

async function readCached<K extends SettingKey>(ctx: SettingsContext, key: K): Promise<{ hit: true; value: Stored<K> | null } | { hit: false }> {
  let text: string | null;
  try {
    text = await ctx.stores.cache.get(cacheKey(key), "text");
  } catch (error) {
    logCacheFailure(ctx, "read", key, error);
    return { hit: false };
  }
  if (text === null) return { hit: false };
  try {
    const entry = cacheEntry.safeParse(JSON.parse(text));
    if (!entry.success) return { hit: false };
    if (entry.data.stored === null) return { hit: true, value: null };
    // A copy written by an older shape of the setting does not parse: the database decides.
    const value = settingSchemas[key].safeParse(entry.data.stored);
    return value.success ? { hit: true, value: value.data as Stored<K> } : { hit: false };
  } catch {
    return { hit: false };
  }
}

/**
 * A setting from its stored JSON text: the value (null when nothing valid is stored, which is
 * logged) and the JSON worth caching (null then too).
 */
export function parseStoredSetting<K extends SettingKey>(ctx: Pick<SettingsContext, "log">, key: K, text: string | null): { stored: unknown; value: Stored<K> | null } {
  if (text === null) return { stored: null, value: null };
  try {
    const json: unknown = JSON.parse(text);
    const parsed = settingSchemas[key].safeParse(json);
    if (parsed.success) return { stored: json, value: parsed.data as Stored<K> };
    ctx.log.error("a stored setting is invalid; using the defaults", undefined, { setting: key });
  } catch {
    ctx.log.error("a stored setting is not valid JSON; using the defaults", undefined, { setting: key });
  }
  return { stored: null, value: null };
}

/**
 * Reads a setting: the cached copy when there is a usable one, else the database (and refreshes
 * the copy). Null when nothing valid is stored. A failing cache only costs a database read.
 */
export async function readSetting<K extends SettingKey>(ctx: SettingsContext, key: K): Promise<Stored<K> | null> {
  const cached = await readCached(ctx, key);
  if (cached.hit) return cached.value;

  const { stored, value } = parseStoredSetting(ctx, key, await readSettingValue(ctx.db, key));
  try {
    await ctx.stores.cache.put(cacheKey(key), JSON.stringify({ stored }), { expirationTtl: cacheTtlSeconds });
  } catch (error) {
    logCacheFailure(ctx, "write", key, error);
  }
  return value;
}

/**
 * Stores a setting (the value must already be valid) and drops the cached copy, so the next
 * read sees the new value.
 */
export async function writeSetting<K extends SettingKey>(
  ctx: SettingsContext,
  key: K,
  value: z.input<(typeof settingSchemas)[K]>,
  updatedBy: string | null,
): Promise<void> {
  await writeSettingValue(ctx.db, key, JSON.stringify(value), updatedBy, ctx.clock.now());
  forgetCachedReads();
  try {
    await ctx.stores.cache.delete(cacheKey(key));
  } catch (error) {
    logCacheFailure(ctx, "invalidation", key, error);
  }
}

export { cacheKey as settingCacheKey };
