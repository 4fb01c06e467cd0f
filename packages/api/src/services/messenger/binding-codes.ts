import type { Config } from "@mailroom/config";
import { messengerBindingCodes, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";
import { randomString, sha256Hex } from "../../lib/crypto.ts";

/** No 0/O, 1/I/L: codes are read off a screen and typed into a chat. */
export const bindingCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const bindingCodeLength = 8;
export const bindingCodeLifetimeMs = 15 * 60 * 1000;

export interface NewBindingCode {
  code: string;
  expiresAt: Date;
  deepLink: string | null;
}

/** What users type may be lower case or padded; the stored hash is of the canonical form. */
export function normalizeBindingCode(input: string): string {
  return input.trim().toUpperCase();
}

export function hashBindingCode(code: string): Promise<string> {
  return sha256Hex(`messenger-binding:${normalizeBindingCode(code)}`);
}

/** `<link base>/<username>?start=<code>` when the bot username is known, else null. */
export function deepLinkFor(config: Config, code: string): string | null {
  const { botUsername, linkBaseUrl } = config.messenger;
  return botUsername ? `${linkBaseUrl}/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}` : null;
}

/** A fresh code for the user; it replaces the user's previous one (one live code per user). */
export async function createBindingCode(db: Database, config: Config, userId: string, now = new Date()): Promise<NewBindingCode> {
  const code = randomString(bindingCodeLength, bindingCodeAlphabet);
  const expiresAt = new Date(now.getTime() + bindingCodeLifetimeMs);
  await db.batch([
    db.delete(messengerBindingCodes).where(eq(messengerBindingCodes.userId, userId)),
    db.insert(messengerBindingCodes).values({ codeHash: await hashBindingCode(code), userId, createdAt: now, expiresAt }),
  ]);
  return { code, expiresAt, deepLink: deepLinkFor(config, code) };
}

/**
 * Uses a code up: one DELETE that only matches a current code and says whose it was, so of two
 * chats sending the same code at once exactly one gets the user id. Null: unknown, used or expired.
 */
export async function consumeBindingCode(d1: D1Database, code: string, now = new Date()): Promise<string | null> {
  if (normalizeBindingCode(code).length !== bindingCodeLength) return null;
  const row = await d1
    .prepare("DELETE FROM messenger_binding_codes WHERE code_hash = ?1 AND expires_at > ?2 RETURNING user_id")
    .bind(await hashBindingCode(code), now.getTime())
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

/** When the user's pending code expires, if there is one. */
export async function pendingCodeExpiry(db: Database, userId: string, now = new Date()): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: messengerBindingCodes.expiresAt }).from(messengerBindingCodes).where(eq(messengerBindingCodes.userId, userId)).limit(1);
  return row && row.expiresAt > now ? row.expiresAt : null;
}
