import { findPasskeyWithUser, recordPasskeyUse } from "@mailroom/db";
import { generateAuthenticationOptions, verifyAuthenticationResponse, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { fromBase64Url } from "../../lib/crypto.ts";
import type { SignedIn } from "../auth/accounts.ts";
import { countLoginAttempt } from "../auth/login-throttle.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { startSession } from "../auth/sessions.ts";
import { startCeremony, takeCeremony } from "./ceremonies.ts";
import { relyingParty } from "./relying-party.ts";
import type { authenticationResponseSchema } from "./responses.ts";

const notVerified = "The passkey could not be verified. Try again, or sign in with your password.";
const decoder = new TextDecoder();

/** Options for `navigator.credentials.get()`: any passkey of this site (the browser offers the person's own). */
export async function passkeyLoginOptions(ctx: ServiceContext, pageOrigin: string | null): Promise<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  await enforceRateLimit(ctx, "login");
  const rp = relyingParty(ctx.config, pageOrigin);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  return { ceremonyId: await startCeremony(ctx, "login", null, options.challenge), options };
}

/**
 * Signs in with a passkey: the ceremony's challenge is used up first (a replayed answer finds
 * none), the assertion is verified against the stored public key, and the sign-in counts like a
 * password's: the per-address limit, the per-account failure throttle, disabled accounts refused,
 * the same 30-day session.
 */
export async function passkeyLogin(
  ctx: ServiceContext,
  pageOrigin: string | null,
  input: { ceremonyId: string; response: z.infer<typeof authenticationResponseSchema> },
): Promise<SignedIn> {
  await enforceRateLimit(ctx, "login");
  const rp = relyingParty(ctx.config, pageOrigin);
  const ceremony = await takeCeremony(ctx, input.ceremonyId, "login");
  if (!ceremony) throw new AppError("unauthorized", "This passkey sign-in has expired or was already used. Try again.");
  const found = await findPasskeyWithUser(ctx.db, input.response.id);
  if (!found) throw new AppError("unauthorized", "This passkey is not registered here. Sign in with your password, then add it on the Account page.");
  const { passkey, user } = found;
  const attempt = await countLoginAttempt(ctx, user.email);
  // The authenticator says whose passkey it holds; it must be the stored owner's.
  const handle = input.response.response.userHandle;
  if (handle !== undefined && decoder.decode(fromBase64Url(handle)) !== user.id) throw new AppError("unauthorized", notVerified);
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.id, publicKey: fromBase64Url(passkey.publicKey), counter: passkey.counter },
    requireUserVerification: false,
  }).catch(() => {
    throw new AppError("unauthorized", notVerified);
  });
  if (!verification.verified) throw new AppError("unauthorized", notVerified);
  // A cloned authenticator shows a counter that did not move; two uses of one counter value cannot both count.
  if (!(await recordPasskeyUse(ctx.db, passkey.id, passkey.counter, verification.authenticationInfo.newCounter, ctx.clock.now()))) {
    throw new AppError("unauthorized", notVerified);
  }
  await attempt.succeeded();
  if (user.disabled) throw new AppError("forbidden", "This account has been disabled. Contact an administrator.");
  return { user, sessionToken: await startSession(ctx, user.id) };
}
