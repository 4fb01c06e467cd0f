import { z } from "zod";
import { allowedDomains, createMailbox, deleteOwnMailbox, listOwnMailboxes, localPartSchema, publicMailbox } from "../services/mailboxes/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const idInput = z.object({ id: z.string().min(1).max(64) });

export const mailboxesRouter = router({
  /** The caller's mailboxes, newest first, with unread counts. */
  list: protectedProcedure.query(({ ctx }) => listOwnMailboxes(ctx)),

  /** Domains the caller may use, default first. */
  domains: protectedProcedure.query(({ ctx }) => allowedDomains(ctx, ctx.actor.user)),

  create: protectedProcedure
    .input(z.object({ localPart: localPartSchema.optional(), domain: z.string().trim().toLowerCase().max(253).optional() }).default({}))
    .mutation(async ({ ctx, input }) => publicMailbox(await createMailbox(ctx, ctx.actor.user, input))),

  /** Deletes the mailbox with its messages and their stored files. */
  delete: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await deleteOwnMailbox(ctx, input.id)) })),
});
