import { timingSafeEqual, toBase64Url } from "../../lib/crypto.ts";

// CONTRACT §4: PBKDF2-SHA256 through WebCrypto, 100 000 iterations, 16-byte salt per user.
const iterations = 100_000;
const saltBytes = 16;
const hashBits = 256;
const scheme = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: rounds }, key, hashBits);
  return toBase64Url(new Uint8Array(bits));
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`, so the cost can be raised later per stored hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  return `${scheme}$${iterations}$${toBase64Url(salt)}$${await derive(password, salt, iterations)}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [kind, rounds, salt, hash] = (stored ?? "").split("$");
  if (kind !== scheme || !rounds || !salt || !hash) {
    // Spend the same work for accounts without a password, so timing does not tell them apart.
    await derive(password, new Uint8Array(saltBytes), iterations);
    return false;
  }
  return timingSafeEqual(await derive(password, fromBase64Url(salt), Number(rounds)), hash);
}
