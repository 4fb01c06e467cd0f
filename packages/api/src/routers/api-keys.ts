import { z } from "zod";
import { createApiKey, createApiKeyInputSchema, listOwnApiKeys, ownApiUsage, revokeOwnApiKey } from "../services/api-keys/index.ts";
import { router } from "../trpc/init.ts";
import { sessionProcedure } from "../trpc/procedures.ts";

export const apiKeysRouter = router({
  /** A new key for the caller: `{id, key}` with the key shown this once. */
  create: sessionProcedure.input(createApiKeyInputSchema).mutation(({ ctx, input }) => createApiKey(ctx, input)),

  /** The caller's keys (never the keys themselves), newest first. */
  list: sessionProcedure.query(({ ctx }) => listOwnApiKeys(ctx)),

  revoke: sessionProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    await revokeOwnApiKey(ctx, input.id);
    return { ok: true as const };
  }),

  /** Today's (UTC) calls made with the caller's keys, against the daily quota. */
  usage: sessionProcedure.query(({ ctx }) => ownApiUsage(ctx)),
});
