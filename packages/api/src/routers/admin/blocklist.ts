import { addRule, blockRuleIdSchema, blockRuleInputSchema, listRules, removeRule } from "../../services/routing/blocklist.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

/** Senders blocked for every mailbox of the service; the same shapes as the users' own lists. */
export const adminBlocklistRouter = router({
  list: adminProcedure.query(({ ctx }) => listRules(ctx, null)),
  add: adminProcedure.input(blockRuleInputSchema).mutation(({ ctx, input }) => addRule(ctx, null, input.pattern)),
  remove: adminProcedure.input(blockRuleIdSchema).mutation(({ ctx, input }) => removeRule(ctx, null, input.id)),
});
