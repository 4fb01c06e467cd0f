import { listIdentities } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";

/** The provider identities bound to the signed-in user, for their account page. */
export async function listOwnIdentities(ctx: SignedInContext) {
  const rows = await listIdentities(ctx.db, ctx.actor.user.id);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    label: ctx.config.oauth[row.provider].label,
    login: row.login,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt,
  }));
}
