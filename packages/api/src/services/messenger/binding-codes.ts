import type { Config } from "@mailroom/config";
import { consumeBindingCode as consumeCode, liveBindingCodeExpiry, replaceBindingCode } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { randomString, sha256Hex } from "../../lib/crypto.ts";

/** No 0/O, 1/I/L: codes are read off a screen and typed into a chat. */
const bindingCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const bindingCodeLength = 8;
const bindingCodeLifetimeMs = 15 * 60 * 1000;

export interface NewBindingCode {
  code: string;
  expiresAt: Date;
  deepLink: string | null;
}

/** What users type may be lower case or padded; the stored hash is of the canonical form. */
function normalizeBindingCode(input: string): string {
  return input.trim().toUpperCase();
}

function hashBindingCode(code: string): Promise<string> {
  return sha256Hex(`messenger-binding:${normalizeBindingCode(code)}`);
}

/** `<link base>/<username>?start=<code>` when the bot username is known, else null. */
function deepLinkFor(config: Config, code: string): string | null {
  const { botUsername, linkBaseUrl } = config.messenger;
  return botUsername ? `${linkBaseUrl}/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}` : null;
}

/** A fresh code for the user; it replaces the user's previous one (one live code per user). */
export async function newBindingCode(ctx: Pick<ServiceContext, "db" | "config" | "clock">, userId: string): Promise<NewBindingCode> {
  const code = randomString(bindingCodeLength, bindingCodeAlphabet);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + bindingCodeLifetimeMs);
  await replaceBindingCode(ctx.db, userId, await hashBindingCode(code), now, expiresAt);
  return { code, expiresAt, deepLink: deepLinkFor(ctx.config, code) };
}

/** Uses a code up; the user it belonged to, or null for an unknown, used or expired code. */
export async function consumeBindingCode(ctx: Pick<ServiceContext, "db" | "clock">, code: string): Promise<string | null> {
  if (normalizeBindingCode(code).length !== bindingCodeLength) return null;
  return consumeCode(ctx.db, await hashBindingCode(code), ctx.clock.now());
}

/** When the user's pending code expires, if there is one. */
export function pendingCodeExpiry(ctx: Pick<ServiceContext, "db" | "clock">, userId: string): Promise<Date | null> {
  return liveBindingCodeExpiry(ctx.db, userId, ctx.clock.now());
}
