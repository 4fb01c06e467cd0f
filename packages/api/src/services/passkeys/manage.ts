import { deletePasskeyKeepingSignIn, listPasskeys } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { publicPasskey, type PublicPasskey } from "./public-passkey.ts";

export async function listOwnPasskeys(ctx: SignedInContext): Promise<PublicPasskey[]> {
  return (await listPasskeys(ctx.db, ctx.actor.user.id)).map(publicPasskey);
}

/** Removes one of the user's passkeys; never the last way they have to sign in. */
export async function removeOwnPasskey(ctx: SignedInContext, id: string): Promise<void> {
  const outcome = await deletePasskeyKeepingSignIn(ctx.db, ctx.actor.user.id, id);
  if (outcome === "missing") throw new AppError("not_found", "No such passkey on your account");
  if (outcome === "last") throw new AppError("conflict", "This passkey is your only way to sign in. Set a password or add another passkey first.");
}
