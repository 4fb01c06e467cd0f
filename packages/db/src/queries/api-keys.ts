import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { apiKeys, users } from "../schema/index.ts";
import type { UserRow } from "./users.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<ApiKeyRow, "id" | "userId" | "name" | "keyHash" | "keyPrefix" | "createdAt" | "expiresAt">;

/**
 * Inserts a key unless its user already holds `cap` unrevoked ones; false at the cap. One
 * statement counts and inserts, so concurrent creates cannot pass the cap together.
 */
export async function insertApiKeyUnderCap(db: Database, row: NewApiKey, cap: number): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO api_keys (id, user_id, name, key_hash, key_prefix, created_at, expires_at)
    SELECT ${row.id}, ${row.userId}, ${row.name}, ${row.keyHash}, ${row.keyPrefix}, ${row.createdAt.getTime()}, ${row.expiresAt?.getTime() ?? null}
    WHERE (SELECT COUNT(*) FROM api_keys WHERE user_id = ${row.userId} AND revoked_at IS NULL) < ${cap}`);
  return result.meta.changes === 1;
}

/** The user's unrevoked keys (expired ones included, so the list can say so), newest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one of the user's keys; false when it is not theirs or was already revoked. */
export async function revokeApiKey(db: Database, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The unrevoked key with this hash and its user, in one indexed query (expiry is the caller's to judge). */
export async function findApiKeyByHash(db: Database, keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function touchApiKey(db: Database, id: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
