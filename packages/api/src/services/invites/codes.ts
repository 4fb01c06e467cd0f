import { randomString, sha256Hex } from "../../lib/crypto.ts";

// No 0/O, 1/I/L: codes are read aloud and typed from chat messages.
const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `XXXX-XXXX-XXXX`: 60 bits, plenty for a code that is also rate limited and usually single use. */
export function generateInviteCode(): string {
  const raw = randomString(12, alphabet);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
function normalizeInviteCode(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

export function hashInviteCode(input: string): Promise<string> {
  return sha256Hex(`invite:${normalizeInviteCode(input)}`);
}

export function inviteHint(code: string): string {
  return normalizeInviteCode(code).slice(0, 4);
}
