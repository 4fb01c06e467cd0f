import type { PasskeyRow } from "@mailroom/db";

/** What the Account screen shows of a passkey (never its key). */
export function publicPasskey(row: PasskeyRow) {
  return { id: row.id, name: row.name, backedUp: row.backedUp, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

export type PublicPasskey = ReturnType<typeof publicPasskey>;
