import { systemSettings } from "@mailroom/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { SettingsDeps } from "./deps.ts";
import { settingSchemas, type SettingKey } from "./schemas.ts";

type Stored<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

// The copy in CACHE expires on its own, which bounds how long a copy can outlive a write it
// missed (KV is eventually consistent, and a reader can put back a value read just before a write).
const cacheTtlSeconds = 60;

const cacheKey = (key: SettingKey) => `settings:v1:${key}`;

/** The cached copy: the stored JSON, or null when nothing is stored (so a miss is cached too). */
const cacheEntry = z.object({ stored: z.unknown() });

function logCacheFailure(action: string, key: SettingKey, error: unknown): void {
  console.warn(`settings cache ${action} failed for ${key}: ${error instanceof Error ? error.message : String(error)}`);
}

async function readCached<K extends SettingKey>(deps: SettingsDeps, key: K): Promise<{ hit: true; value: Stored<K> | null } | { hit: false }> {
  let text: string | null;
  try {
    text = await deps.cache.get(cacheKey(key), "text");
  } catch (error) {
    logCacheFailure("read", key, error);
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
 * Reads a setting: the cached copy when there is a usable one, else the database (and refreshes
 * the copy). Null when nothing valid is stored. A failing cache only costs a database read.
 */
export async function readSetting<K extends SettingKey>(deps: SettingsDeps, key: K): Promise<Stored<K> | null> {
  const cached = await readCached(deps, key);
  if (cached.hit) return cached.value;

  const [row] = await deps.db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  let stored: unknown = null;
  let value: Stored<K> | null = null;
  if (row) {
    try {
      const parsed = settingSchemas[key].safeParse(JSON.parse(row.value));
      if (parsed.success) {
        stored = JSON.parse(row.value);
        value = parsed.data as Stored<K>;
      } else {
        console.error(`setting ${key} holds an invalid value; using the defaults`);
      }
    } catch {
      console.error(`setting ${key} is not valid JSON; using the defaults`);
    }
  }
  try {
    await deps.cache.put(cacheKey(key), JSON.stringify({ stored }), { expirationTtl: cacheTtlSeconds });
  } catch (error) {
    logCacheFailure("write", key, error);
  }
  return value;
}

/**
 * Stores a setting (the value must already be valid) and drops the cached copy, so the next
 * read sees the new value.
 */
export async function writeSetting<K extends SettingKey>(
  deps: SettingsDeps,
  key: K,
  value: z.input<(typeof settingSchemas)[K]>,
  updatedBy: string | null,
): Promise<void> {
  const json = JSON.stringify(value);
  const now = new Date();
  await deps.db
    .insert(systemSettings)
    .values({ key, value: json, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: json, updatedAt: now, updatedBy } });
  try {
    await deps.cache.delete(cacheKey(key));
  } catch (error) {
    logCacheFailure("invalidation", key, error);
  }
}

export { cacheKey as settingCacheKey };
