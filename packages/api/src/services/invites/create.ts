import { inviteCodes, type Database, type Role } from "@mailroom/db";
import { newId } from "../../lib/crypto.ts";
import { generateInviteCode, hashInviteCode, inviteHint } from "./codes.ts";

export interface NewInvites {
  count: number;
  maxUses: number;
  expiresAt: Date | null;
  role: Role;
  createdBy: string | null;
}

/** Creates invite codes and returns them in clear: the only time they are ever visible. */
export async function createInvites(db: Database, input: NewInvites): Promise<string[]> {
  const codes = Array.from({ length: input.count }, generateInviteCode);
  const now = new Date();
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: newId(),
      codeHash: await hashInviteCode(code),
      codeHint: inviteHint(code),
      role: input.role,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      createdBy: input.createdBy,
      createdAt: now,
    })),
  );
  await db.insert(inviteCodes).values(rows);
  return codes;
}
