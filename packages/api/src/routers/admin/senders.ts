import { domainSenderInputSchema, listDomainSenderSettings, setDomainSender } from "../../services/outbound/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

/** The outbound provider per mail domain (CONTRACT §15). */
export const adminSendersRouter = router({
  /** Every mail domain with its provider (or why none sends), and what this environment has. */
  list: adminProcedure.query(({ ctx }) => listDomainSenderSettings(ctx)),
  /** Chooses a domain's provider; a domain's own Resend key and signing secret are stored sealed and never shown again. */
  set: adminProcedure.input(domainSenderInputSchema).mutation(({ ctx, input }) => setDomainSender(ctx, input)),
});
