import { desc, eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { inviteCodes, inviteRedemptions, users, type Role } from "../schema/index.ts";
import { inList } from "./in-list.ts";

export type InviteRow = typeof inviteCodes.$inferSelect;

export interface NewInvite {
  id: string;
  codeHash: string;
  codeHint: string;
  role: Role;
  maxUses: number;
  expiresAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

export async function insertInvites(db: Database, invites: NewInvite[]): Promise<void> {
  // D1 caps bound parameters per statement at 100: 8 columns a row, 10 rows a statement.
  const statements = [];
  for (let start = 0; start < invites.length; start += 10) statements.push(db.insert(inviteCodes).values(invites.slice(start, start + 10)));
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

export async function findInviteByHash(db: Database, codeHash: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.codeHash, codeHash)).limit(1);
  return row ?? null;
}

export interface InviteWithUses {
  invite: InviteRow;
  createdByEmail: string | null;
  redeemedBy: { email: string; redeemedAt: Date }[];
}

/** The newest invites with their creator and who redeemed them (two queries, not one per invite). */
export async function listInvites(db: Database, limit: number): Promise<InviteWithUses[]> {
  const invites = await db
    .select({ invite: inviteCodes, createdByEmail: users.email })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.createdBy))
    .orderBy(desc(inviteCodes.createdAt))
    .limit(limit);
  const ids = invites.map((row) => row.invite.id);
  const redemptions = ids.length
    ? await db
        .select({ inviteId: inviteRedemptions.inviteId, email: users.email, redeemedAt: inviteRedemptions.redeemedAt })
        .from(inviteRedemptions)
        .innerJoin(users, eq(users.id, inviteRedemptions.userId))
        .where(inList(inviteRedemptions.inviteId, ids))
    : [];
  return invites.map(({ invite, createdByEmail }) => ({
    invite,
    createdByEmail,
    redeemedBy: redemptions.filter((r) => r.inviteId === invite.id).map(({ email, redeemedAt }) => ({ email, redeemedAt })),
  }));
}

export async function disableInvite(db: Database, id: string): Promise<boolean> {
  const updated = await db.update(inviteCodes).set({ disabled: true }).where(eq(inviteCodes.id, id)).returning({ id: inviteCodes.id });
  return updated.length === 1;
}
