import { disableInvite, insertInvites, listInvites, type Role } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { generateInviteCode, hashInviteCode, inviteHint } from "./codes.ts";
import { inviteStatus } from "./status.ts";

export interface NewInvites {
  count: number;
  maxUses: number;
  expiresAt: Date | null;
  role: Role;
  createdBy: string | null;
}

/** Creates invite codes and returns them in clear: the only time they are ever visible. */
export async function createInvites(ctx: Pick<ServiceContext, "db" | "clock">, input: NewInvites): Promise<string[]> {
  const now = ctx.clock.now();
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("validation_failed", "The expiry must be in the future", {
      issues: [{ path: "expiresAt", message: "The expiry must be in the future", rule: "expiry_past" }],
    });
  }
  const codes = Array.from({ length: input.count }, generateInviteCode);
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
  await insertInvites(ctx.db, rows);
  return codes;
}

/** The newest 500 invites as the administrator's list shows them. */
export async function listInviteSummaries(ctx: Pick<ServiceContext, "db" | "clock">) {
  const now = ctx.clock.now();
  return (await listInvites(ctx.db, 500)).map(({ invite, createdByEmail, redeemedBy }) => ({
    id: invite.id,
    hint: invite.codeHint,
    role: invite.role,
    maxUses: invite.maxUses,
    usedCount: invite.usedCount,
    expiresAt: invite.expiresAt,
    createdAt: invite.createdAt,
    createdBy: createdByEmail,
    status: inviteStatus(invite, now),
    redeemedBy,
  }));
}

export async function disableInviteById(ctx: Pick<ServiceContext, "db">, id: string): Promise<void> {
  if (!(await disableInvite(ctx.db, id))) throw new AppError("not_found", "No such invite code");
}
