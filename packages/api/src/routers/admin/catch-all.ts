import { catchAllInputSchema, listCatchAllSettings, setCatchAllSetting } from "../../services/routing/catch-all.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

/** Catch-all per mail domain (CONTRACT §13). */
export const adminCatchAllRouter = router({
  /** Every mail domain with its catch-all: off, a mailbox, or new mailboxes for an owner. */
  list: adminProcedure.query(({ ctx }) => listCatchAllSettings(ctx)),
  set: adminProcedure.input(catchAllInputSchema).mutation(({ ctx, input }) => setCatchAllSetting(ctx, input)),
});
