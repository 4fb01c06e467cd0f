import { setPasswordEndingOtherSessions } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";

/**
 * Changes the signed-in user's password. The current one is required when the account has one
 * (an account made through OAuth may set its first). Every other session ends with the change.
 */
export async function changeOwnPassword(ctx: SignedInContext, input: { currentPassword: string; newPassword: string }): Promise<{ endedSessions: true }> {
  // The current password is a guess an attacker holding a session could try: limit like sign-in.
  await enforceRateLimit(ctx, "login");
  const user = ctx.actor.user;
  if (user.passwordHash !== null && !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("validation_failed", "The current password is not correct", {
      issues: [{ path: "currentPassword", message: "The current password is not correct" }],
    });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError("validation_failed", "Choose a password different from the current one", {
      issues: [{ path: "newPassword", message: "Choose a password different from the current one" }],
    });
  }
  await setPasswordEndingOtherSessions(ctx.db, {
    userId: user.id,
    passwordHash: await hashPassword(input.newPassword),
    keepSessionId: ctx.actor.sessionId,
    now: ctx.clock.now(),
  });
  return { endedSessions: true };
}
