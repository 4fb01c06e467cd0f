import { bytesToBase64 } from "../../lib/crypto.ts";
import { signingKeyBytes } from "./secret.ts";

const encoder = new TextEncoder();

/**
 * The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 under the secret's key bytes of
 * `<id>.<timestamp>.<body>`, the timestamp in whole seconds.
 */
export async function signature(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", signingKeyBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${String(timestampSeconds)}.${body}`));
  return `v1,${bytesToBase64(new Uint8Array(mac))}`;
}
