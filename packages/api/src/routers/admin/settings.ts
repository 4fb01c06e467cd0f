import { z } from "zod";
import {
  businessDefaultsPatchSchema,
  domainSettingsInputSchema,
  getBusinessDefaults,
  getDomainSettings,
  setBusinessDefaults,
  setDomainSettings,
} from "../../services/settings/index.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure } from "../../trpc/procedures.ts";

export const adminSettingsRouter = router({
  get: adminProcedure.query(async ({ ctx }) => {
    const [domains, defaults] = await Promise.all([getDomainSettings(ctx), getBusinessDefaults(ctx)]);
    return { domains, defaults, fallbackDomain: ctx.config.fallbackMailDomain };
  }),

  // The settings service validates with its own schemas and reports field issues.
  setDomains: adminProcedure
    .input(z.custom<z.input<typeof domainSettingsInputSchema>>((v) => typeof v === "object" && v !== null))
    .mutation(({ ctx, input }) => setDomainSettings(ctx, input, ctx.actor.user.id)),

  setDefaults: adminProcedure
    .input(z.custom<z.input<typeof businessDefaultsPatchSchema>>((v) => typeof v === "object" && v !== null))
    .mutation(({ ctx, input }) => setBusinessDefaults(ctx, input, ctx.actor.user.id)),
});
