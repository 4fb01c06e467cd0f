import { findApiKeyByHash, insertApiKeyUnderCap, listApiKeys, revokeApiKey, touchApiKey, type ApiKeyRow } from "@mailroom/db";
import { z } from "zod";
import type { Actor, ServiceContext, SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId, randomToken, sha256Hex } from "../../lib/crypto.ts";

/** CONTRACT §10: `mr_` and 256 random bits (base64url); lists show the first 8 characters. */
const keyPattern = /^mr_[A-Za-z0-9_-]{43}$/;
const prefixLength = 8;
const maxKeysPerUser = 20;
// Recording every call's time would be one more write per call; a minute's precision is enough.
const touchAfterMs = 60_000;
const dayMs = 24 * 60 * 60 * 1000;

export const createApiKeyInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  expiresInDays: z.int().min(1).max(3650).optional(),
});

/** A key as lists show it: never the key or its hash. */
function publicApiKey(row: ApiKeyRow) {
  return { id: row.id, name: row.name, prefix: row.keyPrefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, expiresAt: row.expiresAt };
}

/** Makes a key for the signed-in user. The key itself is in this answer only: just its hash is stored. */
export async function createApiKey(ctx: SignedInContext, input: z.infer<typeof createApiKeyInputSchema>) {
  const key = `mr_${randomToken(32)}`;
  const now = ctx.clock.now();
  const row = {
    id: newId(),
    userId: ctx.actor.user.id,
    name: input.name,
    keyHash: await sha256Hex(key),
    keyPrefix: key.slice(0, prefixLength),
    createdAt: now,
    expiresAt: input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * dayMs),
  };
  if (!(await insertApiKeyUnderCap(ctx.db, row, maxKeysPerUser))) {
    throw new AppError("quota_exceeded", `You have ${maxKeysPerUser} API keys. Revoke one to create another.`);
  }
  return { ...publicApiKey({ ...row, lastUsedAt: null, revokedAt: null }), key };
}

export async function listOwnApiKeys(ctx: SignedInContext) {
  return (await listApiKeys(ctx.db, ctx.actor.user.id)).map(publicApiKey);
}

/** Revokes a key at once: the next call made with it is refused. */
export async function revokeOwnApiKey(ctx: SignedInContext, id: string): Promise<void> {
  if (!(await revokeApiKey(ctx.db, id, ctx.actor.user.id, ctx.clock.now()))) throw new AppError("not_found", "No such API key");
}

/**
 * The owner of a key, as a key actor (null: unknown, revoked or expired key, or a disabled
 * owner). Notes the key's last use, at most once a minute, after the answer.
 */
export async function resolveApiKey(ctx: Pick<ServiceContext, "db" | "clock" | "waitUntil">, key: string): Promise<Actor | null> {
  if (!keyPattern.test(key)) return null;
  const now = ctx.clock.now();
  const row = await findApiKeyByHash(ctx.db, await sha256Hex(key));
  if (!row || row.user.disabled) return null;
  if (row.key.expiresAt && row.key.expiresAt.getTime() <= now.getTime()) return null;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > touchAfterMs) ctx.waitUntil(touchApiKey(ctx.db, row.key.id, now));
  return { user: row.user, sessionId: null, apiKeyId: row.key.id };
}
