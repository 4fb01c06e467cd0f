import { updateMailboxRouting, type MailboxRow } from "@mailroom/db";
import { z } from "zod";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { emailSchema } from "../../shared/validators.ts";
import { splitPlusAddress } from "../routing/address.ts";
import { requireOwnMailbox } from "./manage.ts";

/** The platform forwards one message to a handful of verified destinations; five is ours. */
const maxForwardTo = 5;

/** The routing fields of a mailbox a change may give (tRPC's input and REST's body). */
export const mailboxRoutingFields = {
  forwardTo: z
    .array(emailSchema)
    .max(maxForwardTo, { error: `Forward to at most ${maxForwardTo} addresses` })
    .transform((list) => [...new Set(list)])
    .optional(),
  keepCopy: z.boolean().optional(),
  paused: z.boolean().optional(),
};

export const mailboxRoutingInputSchema = z.object({ id: z.string().min(1).max(64), ...mailboxRoutingFields }).strict();

export type MailboxRoutingChange = z.output<typeof mailboxRoutingInputSchema>;

/**
 * Changes where a mailbox's new mail goes (CONTRACT §13): forwarding destinations, whether a
 * forwarded message is kept, and the pause. A mailbox cannot forward to itself.
 */
export async function updateOwnMailboxRouting(ctx: SignedInContext, input: MailboxRoutingChange): Promise<MailboxRow> {
  if (input.forwardTo === undefined && input.keepCopy === undefined && input.paused === undefined) {
    throw new AppError("validation_failed", "Give forwardTo, keepCopy or paused to change");
  }
  const mailbox = await requireOwnMailbox(ctx, input.id);
  const self = input.forwardTo?.findIndex((to) => splitPlusAddress(to).base === mailbox.address) ?? -1;
  if (self !== -1) {
    throw new AppError("validation_failed", "A mailbox cannot forward to itself", { issues: [{ path: `forwardTo.${String(self)}`, message: "This is the mailbox itself", rule: "forward_to_self" }] });
  }
  const updated = await updateMailboxRouting(ctx.db, { ...input, userId: ctx.actor.user.id, now: ctx.clock.now() });
  if (!updated) throw new AppError("not_found", "No such mailbox");
  forgetCachedReads();
  return updated;
}
