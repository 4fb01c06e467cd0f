import { insertPasskey, listPasskeys, type PasskeyRow } from "@mailroom/db";
import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import type { z } from "zod";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { toBase64Url } from "../../lib/crypto.ts";
import { describeDevice } from "../../lib/device.ts";
import { startCeremony, takeCeremony } from "./ceremonies.ts";
import { publicPasskey, type PublicPasskey } from "./public-passkey.ts";
import { relyingParty } from "./relying-party.ts";
import type { registrationResponseSchema } from "./responses.ts";

/** Enough for every device a person signs in from; bounds what one account can store. */
const maxPasskeysPerUser = 20;

const encoder = new TextEncoder();
const utf8 = (text: string) => new Uint8Array(encoder.encode(text));

/** Options for `navigator.credentials.create()`: a discoverable credential for this user, none they already have. */
export async function passkeyRegistrationOptions(ctx: SignedInContext, pageOrigin: string | null): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const rp = relyingParty(ctx.config, pageOrigin);
  const { user } = ctx.actor;
  const existing = await listPasskeys(ctx.db, user.id);
  if (existing.length >= maxPasskeysPerUser) throw new AppError("conflict", `An account can have at most ${String(maxPasskeysPerUser)} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The user handle is the account id: a sign-in's assertion names whose passkey it is.
    userID: utf8(user.id),
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { ceremonyId: await startCeremony(ctx, "register", user.id, options.challenge), options };
}

function transportsOf(row: PasskeyRow): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
}

/** Verifies the browser's answer to a registration ceremony this user started, and stores the passkey. */
export async function registerPasskey(
  ctx: SignedInContext,
  pageOrigin: string | null,
  input: { ceremonyId: string; name?: string | undefined; response: z.infer<typeof registrationResponseSchema> },
): Promise<PublicPasskey> {
  const rp = relyingParty(ctx.config, pageOrigin);
  const { user } = ctx.actor;
  const ceremony = await takeCeremony(ctx, input.ceremonyId, "register");
  if (!ceremony || ceremony.userId !== user.id) throw new AppError("validation_failed", "This passkey request has expired or was already used. Start again.");
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new AppError("validation_failed", `The passkey could not be verified: ${error instanceof Error ? error.message : "invalid answer"}`);
  });
  if (!verification.verified) throw new AppError("validation_failed", "The passkey could not be verified");
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const now = ctx.clock.now();
  const row = {
    id: credential.id,
    userId: user.id,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    backedUp: credentialBackedUp,
    name: input.name ?? describeDevice(ctx.client.userAgent) ?? "Passkey",
    createdAt: now,
  };
  if (!(await insertPasskey(ctx.db, row))) throw new AppError("conflict", "This passkey is already registered");
  return publicPasskey({ ...row, lastUsedAt: null });
}
