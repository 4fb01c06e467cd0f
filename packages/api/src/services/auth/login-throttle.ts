import { clearLoginAttempts, takeLoginAttempt } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { sha256Hex } from "../../lib/crypto.ts";

/** Failed passwords one account may take in `windowMs`, from any number of addresses. */
const maxLoginFailures = 10;
const windowMs = 15 * 60 * 1000;

/**
 * Per-account throttling of password login, on top of the per-address limit: the key is a hash
 * of the lower-cased e-mail, whether or not the account exists, so the answers reveal nothing
 * about which accounts do. Each attempt is counted before the password is checked (so parallel
 * guesses cannot slip past the cap); a successful login clears the count.
 */
export async function countLoginAttempt(ctx: Pick<ServiceContext, "db" | "clock">, email: string): Promise<{ succeeded: () => Promise<void> }> {
  const accountKey = await sha256Hex(`login:${email.trim().toLowerCase()}`);
  const now = ctx.clock.now();
  const blockedUntil = await takeLoginAttempt(ctx.db, accountKey, { maxAttempts: maxLoginFailures, windowMs, now });
  if (blockedUntil) {
    const retryAfter = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
    throw new AppError("rate_limited", "Too many failed sign-in attempts for this account. Please wait a while and try again.", { retryAfter });
  }
  return { succeeded: () => clearLoginAttempts(ctx.db, accountKey) };
}
