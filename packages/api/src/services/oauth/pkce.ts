import { randomToken, toBase64Url } from "../../lib/crypto.ts";

/** RFC 7636: a 43-character verifier (256 random bits) and its S256 challenge. */
export function newCodeVerifier(): string {
  return randomToken(32);
}

export async function codeChallengeOf(verifier: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}
