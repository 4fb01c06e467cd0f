import type { AuthenticatorTransport } from "@simplewebauthn/server";
import { z } from "zod";

// What a browser sends back from navigator.credentials (the JSON form @simplewebauthn/browser
// produces). Sizes are generous for real authenticators and bound what a client can make us parse.
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: "must be base64url" });

const knownTransports = new Set<string>(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
const transports = z
  .array(z.string().max(32))
  .max(10)
  .optional()
  .transform((list) => list?.filter((t): t is AuthenticatorTransport => knownTransports.has(t)));

const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // Extension outputs decide nothing here (none are requested): accepted and dropped.
  clientExtensionResults: z
    .unknown()
    .optional()
    .transform((): Record<string, never> => ({})),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});
