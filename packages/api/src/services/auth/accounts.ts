import { createInvitedAccount, findInviteByHash, findUserByEmail, findUserById, type UserRow } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { hashInviteCode } from "../invites/codes.ts";
import { inviteRefusal, inviteStatus } from "../invites/status.ts";
import { countLoginAttempt } from "./login-throttle.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { issueSession, startSession } from "./sessions.ts";

/** A signed-in user and the token of their new session (the transport puts it in a cookie). */
export interface SignedIn {
  user: UserRow;
  sessionToken: string;
}

const wrongCredentials = "The e-mail address or password is incorrect";

/** Why a code cannot be used, as a clear error; unknown codes and every refusal look alike in kind. */
export async function inviteRefusalError(ctx: Pick<ServiceContext, "db" | "clock">, codeHash: string): Promise<AppError> {
  const invite = await findInviteByHash(ctx.db, codeHash);
  const status = invite ? inviteStatus(invite, ctx.clock.now()) : undefined;
  const refused = status && status !== "active" ? status : "invalid";
  const message = refused === "invalid" ? "This invite code is not valid" : inviteRefusal[refused];
  return new AppError("invite_code_invalid", message, { issues: [{ path: "inviteCode", message, rule: `invite_${refused}` }] });
}

export function emailTakenError(): AppError {
  return new AppError("conflict", "An account with this e-mail address already exists", {
    issues: [{ path: "email", message: "An account with this e-mail address already exists", rule: "email_taken" }],
  });
}

/** Registration with an invite code: the account, the invite use and the session commit together. */
export async function register(
  ctx: ServiceContext,
  input: { email: string; password: string; inviteCode: string; name?: string | undefined },
): Promise<SignedIn> {
  await enforceRateLimit(ctx, "register");
  const userId = newId();
  const session = await issueSession(ctx, userId);
  const codeHash = await hashInviteCode(input.inviteCode);
  const outcome = await createInvitedAccount(ctx.db, {
    id: userId,
    email: input.email,
    name: input.name || null,
    passwordHash: await hashPassword(input.password),
    inviteCodeHash: codeHash,
    redemptionId: newId(),
    session: session.row,
    now: ctx.clock.now(),
  });
  if (outcome === "email_taken") throw emailTakenError();
  if (outcome !== "created") throw await inviteRefusalError(ctx, codeHash);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("internal", "The account could not be read back");
  return { user, sessionToken: session.token };
}

export async function login(ctx: ServiceContext, input: { email: string; password: string }): Promise<SignedIn> {
  await enforceRateLimit(ctx, "login");
  const attempt = await countLoginAttempt(ctx, input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  // verifyPassword does the same work when there is no user, so timing reveals nothing either.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !valid) throw new AppError("unauthorized", wrongCredentials);
  await attempt.succeeded();
  if (user.disabled) throw new AppError("forbidden", "This account has been disabled. Contact an administrator.");
  return { user, sessionToken: await startSession(ctx, user.id) };
}
