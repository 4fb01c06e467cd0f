import { z } from "zod";
import {
  allowedDomains,
  createMailbox,
  deleteOwnMailbox,
  extendOwnMailbox,
  listOwnMailboxes,
  localPartSchema,
  mailboxRoutingInputSchema,
  publicMailbox,
  updateOwnMailboxRouting,
} from "../services/mailboxes/index.ts";
import { expiresInHoursSchema } from "../shared/validators.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const idInput = z.object({ id: z.string().min(1).max(64) });

export const mailboxesRouter = router({
  /** The caller's mailboxes, newest first, with unread counts. */
  list: protectedProcedure.query(({ ctx }) => listOwnMailboxes(ctx)),

  /** Domains the caller may use, default first. */
  domains: protectedProcedure.query(({ ctx }) => allowedDomains(ctx, ctx.actor.user)),

  /** `expiresInHours` (1–8760): the mailbox expires that long after now; without it, it is kept until deleted. */
  create: protectedProcedure
    .input(
      z
        .object({ localPart: localPartSchema.optional(), domain: z.string().trim().toLowerCase().max(253).optional(), expiresInHours: expiresInHoursSchema.optional() })
        .default({}),
    )
    .mutation(async ({ ctx, input }) => publicMailbox(await createMailbox(ctx, ctx.actor.user, input))),

  /** Keeps an expiring mailbox `expiresInHours` longer (at most a year from now), or with null until deleted. */
  extend: protectedProcedure
    .input(idInput.extend({ expiresInHours: expiresInHoursSchema.nullable() }))
    .mutation(async ({ ctx, input }) => publicMailbox(await extendOwnMailbox(ctx, input))),

  /** Forwarding (0–5 addresses), keeping a forwarded copy, and the pause (CONTRACT §13); the fields given change. */
  update: protectedProcedure.input(mailboxRoutingInputSchema).mutation(async ({ ctx, input }) => publicMailbox(await updateOwnMailboxRouting(ctx, input))),

  /** Deletes the mailbox with its messages and their stored files. */
  delete: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await deleteOwnMailbox(ctx, input.id)) })),
});
