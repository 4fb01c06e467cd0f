import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { systemSettings, userFeatures } from "../schema/index.ts";
import { inList } from "./in-list.ts";

/** The stored JSON text of a system setting, or null when none is stored. */
export async function readSettingValue(db: Database, key: string): Promise<string | null> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function writeSettingValue(db: Database, key: string, value: string, updatedBy: string | null, now: Date): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now, updatedBy } });
}

export type UserFeaturesRow = typeof userFeatures.$inferSelect;
export type UserFeaturesValues = Omit<UserFeaturesRow, "userId" | "updatedAt">;

export async function findUserFeatures(db: Database, userId: string): Promise<UserFeaturesRow | null> {
  const [row] = await db.select().from(userFeatures).where(eq(userFeatures.userId, userId)).limit(1);
  return row ?? null;
}

/** The stored switches of these users (users without a row are left out). */
export async function findUserFeaturesOf(db: Database, userIds: readonly string[]): Promise<UserFeaturesRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(userFeatures).where(inList(userFeatures.userId, userIds));
}

export async function upsertUserFeatures(db: Database, userId: string, values: UserFeaturesValues, now: Date): Promise<void> {
  await db
    .insert(userFeatures)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: userFeatures.userId, set: { ...values, updatedAt: now } });
}
