import type { Config } from "@mailroom/config";
import { AppError } from "../../errors/index.ts";
import { base64ToBytes, bytesToBase64 } from "../../lib/crypto.ts";

/**
 * Signing secrets (`whsec_` + base64 of 32 random bytes) must be readable to sign, so they are
 * sealed rather than hashed: AES-256-GCM under WEBHOOK_SECRET_KEY, with the endpoint id as
 * additional data so a sealed value cannot be moved to another endpoint. Stored as
 * `v1:<iv>:<ciphertext>`. Without the key, and only when ENVIRONMENT is `local`, a secret is
 * stored as `plain:<secret>` so local development needs no setting; remotely creating or
 * rotating then fails with `webhook_signing_key_missing`.
 */
const secretPrefix = "whsec_";
const sealedPrefix = "v1:";
const plainPrefix = "plain:";

const encoder = new TextEncoder();

export function generateSigningSecret(): string {
  return `${secretPrefix}${bytesToBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/** The key bytes of a `whsec_` secret, as Standard Webhooks defines them. */
export function signingKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  return base64ToBytes(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret);
}

// Imported keys live as long as the isolate; the setting rarely changes.
const keys = new Map<string, Promise<CryptoKey>>();

function sealingKey(base64: string): Promise<CryptoKey> {
  let key = keys.get(base64);
  if (!key) {
    key = crypto.subtle.importKey("raw", base64ToBytes(base64), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(base64, key);
  }
  return key;
}

export async function sealSecret(config: Pick<Config, "webhookSecretKey" | "environment">, endpointId: string, secret: string): Promise<string> {
  if (!config.webhookSecretKey) {
    if (config.environment === "local") return `${plainPrefix}${secret}`;
    throw new AppError("webhook_signing_key_missing", "Webhooks cannot be set up yet: the operator has not set WEBHOOK_SECRET_KEY for this environment");
  }
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(endpointId) },
    await sealingKey(config.webhookSecretKey),
    encoder.encode(secret),
  );
  return `${sealedPrefix}${bytesToBase64(iv)}:${bytesToBase64(new Uint8Array(sealed))}`;
}

/** The secret of a stored value; throws an Error saying why it cannot be read. */
export async function openSecret(config: Pick<Config, "webhookSecretKey">, endpointId: string, stored: string): Promise<string> {
  if (stored.startsWith(plainPrefix)) return stored.slice(plainPrefix.length);
  const [iv, sealed] = stored.startsWith(sealedPrefix) ? stored.slice(sealedPrefix.length).split(":") : [];
  if (!iv || !sealed) throw new Error("the stored signing secret is malformed; rotate the secret");
  if (!config.webhookSecretKey) throw new Error("WEBHOOK_SECRET_KEY is not set, so the signing secret cannot be read");
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: base64ToBytes(iv), additionalData: encoder.encode(endpointId) },
      await sealingKey(config.webhookSecretKey),
      base64ToBytes(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new Error("the signing secret cannot be read with the current WEBHOOK_SECRET_KEY; rotate the secret");
  }
}
