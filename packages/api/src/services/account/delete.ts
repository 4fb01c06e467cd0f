import {
  countOtherEnabledAdmins,
  deleteUserOutbound,
  deleteUserWebhookDeliveries,
  deleteUserWithoutMessages,
  disableUserMailboxes,
} from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { deleteMessages } from "../messages/delete.ts";

// One request deletes a bounded amount; an account with more data answers `done: false` and
// the client calls again (each call picks up where the last one stopped).
const messageBatches = 25;
const rowBatch = 500;
const rowBatches = 20;

async function inBatches(deleteSome: (limit: number) => Promise<number>): Promise<boolean> {
  for (let i = 0; i < rowBatches; i++) {
    if ((await deleteSome(rowBatch)) < rowBatch) return true;
  }
  return false;
}

/**
 * Deletes the signed-in user's account and everything it owns: mailboxes, messages and their
 * stored objects, outbound records, webhook endpoints and deliveries, the messenger binding,
 * sessions, API keys, usage. The user confirms by typing their e-mail address. The only
 * enabled administrator cannot delete themselves (nobody could administer the service).
 */
export async function deleteOwnAccount(ctx: SignedInContext, input: { confirmation: string }): Promise<{ done: boolean }> {
  const user = ctx.actor.user;
  if (input.confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("validation_failed", "Type your e-mail address to confirm", {
      issues: [{ path: "confirmation", message: `Type ${user.email} exactly to confirm` }],
    });
  }
  if (user.role === "admin" && (await countOtherEnabledAdmins(ctx.db, user.id)) === 0) {
    throw new AppError("forbidden", "You are the only administrator. Make someone else an administrator before deleting your account.");
  }
  // Intake stops first, so no new message (and no new object) lands while the rest goes.
  await disableUserMailboxes(ctx.db, user.id);
  forgetCachedReads();
  const removed = await deleteMessages(ctx, { ownerId: user.id }, messageBatches);
  const deliveriesDone = await inBatches((limit) => deleteUserWebhookDeliveries(ctx.db, user.id, limit));
  const outboundDone = deliveriesDone && (await inBatches((limit) => deleteUserOutbound(ctx.db, user.id, limit)));
  const done = outboundDone && (await deleteUserWithoutMessages(ctx.db, user.id));
  ctx.log.info("account deletion", { userId: user.id, done, messages: removed.messages, objects: removed.objects });
  return { done };
}
