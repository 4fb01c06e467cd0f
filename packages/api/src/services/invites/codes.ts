import { randomString, sha256Hex } from "../../lib/crypto.ts";

// No 0/O, 1/I/L: codes are read aloud and typed from chat messages.
const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
// 20 characters of 31: 99 bits (16 would be 79.3, short of the 80 wanted).
const codeLength = 20;
// What the administrator's list shows of a code: 2 characters, so 89 bits stay unknown.
const hintLength = 2;

/**
 * `XXXX-XXXX-XXXX-XXXX-XXXX`. Only an unsalted hash is stored, so a leaked table must leave no
 * code within reach of offline guessing.
 */
export function generateInviteCode(): string {
  return randomString(codeLength, alphabet).replace(/.{4}(?=.)/g, "$&-");
}

/** Case, spaces and dashes do not matter when a code is typed back; codes of any length work. */
function normalizeInviteCode(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

export function hashInviteCode(input: string): Promise<string> {
  return sha256Hex(`invite:${normalizeInviteCode(input)}`);
}

export function inviteHint(code: string): string {
  return normalizeInviteCode(code).slice(0, hintLength);
}
