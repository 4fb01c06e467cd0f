import { addRule, blockRuleIdSchema, blockRuleInputSchema, listRules, removeRule } from "../services/routing/blocklist.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

/** The caller's blocked senders (CONTRACT §13): mail from them to the caller's mailboxes is rejected. */
export const blocklistRouter = router({
  /** Oldest first, each with how many messages it has blocked. */
  list: protectedProcedure.query(({ ctx }) => listRules(ctx, ctx.actor.user.id)),
  add: protectedProcedure.input(blockRuleInputSchema).mutation(({ ctx, input }) => addRule(ctx, ctx.actor.user.id, input.pattern)),
  remove: protectedProcedure.input(blockRuleIdSchema).mutation(({ ctx, input }) => removeRule(ctx, ctx.actor.user.id, input.id)),
});
