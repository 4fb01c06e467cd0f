import type { InviteRow } from "@mailroom/db";

export type InviteStatus = "active" | "disabled" | "expired" | "used_up";

export function inviteStatus(invite: InviteRow, now: Date): InviteStatus {
  if (invite.disabled) return "disabled";
  if (invite.expiresAt && invite.expiresAt.getTime() <= now.getTime()) return "expired";
  if (invite.usedCount >= invite.maxUses) return "used_up";
  return "active";
}

export const inviteRefusal: Record<Exclude<InviteStatus, "active">, string> = {
  disabled: "This invite code has been disabled",
  expired: "This invite code has expired",
  used_up: "This invite code has already been used",
};
