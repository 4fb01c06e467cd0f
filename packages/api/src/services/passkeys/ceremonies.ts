import { consumeChallenge, insertChallenge, type PasskeyPurpose } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { randomToken } from "../../lib/crypto.ts";

/** How long a browser has to answer a ceremony; WebAuthn's own prompt times out sooner. */
const ceremonyLifetimeMs = 5 * 60 * 1000;

/** Stores a started ceremony's challenge; the returned id comes back with the browser's answer. */
export async function startCeremony(ctx: Pick<ServiceContext, "db" | "clock">, purpose: PasskeyPurpose, userId: string | null, challenge: string): Promise<string> {
  const id = randomToken(24);
  const now = ctx.clock.now();
  await insertChallenge(ctx.db, { id, purpose, userId, challenge, createdAt: now, expiresAt: new Date(now.getTime() + ceremonyLifetimeMs) });
  return id;
}

/** The ceremony's challenge, taken out so no second answer can use it; null when unknown, used or expired. */
export function takeCeremony(ctx: Pick<ServiceContext, "db" | "clock">, id: string, purpose: PasskeyPurpose): Promise<{ challenge: string; userId: string | null } | null> {
  return consumeChallenge(ctx.db, id, purpose, ctx.clock.now());
}
