import { mailboxes, messages } from "@mailroom/db";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../errors/index.ts";
import { allowedDomains, createMailbox, localPartSchema } from "../services/mailboxes/index.ts";
import { deleteMessages } from "../services/messages/delete-messages.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const idInput = z.object({ id: z.string().min(1).max(64) });

function publicMailbox(mailbox: typeof mailboxes.$inferSelect) {
  return { id: mailbox.id, address: mailbox.address, localPart: mailbox.localPart, domain: mailbox.domain, disabled: mailbox.disabled, createdAt: mailbox.createdAt };
}

export const mailboxesRouter = router({
  /** The caller's mailboxes, newest first, with unread counts. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.select().from(mailboxes).where(eq(mailboxes.userId, ctx.user.id)).orderBy(desc(mailboxes.createdAt));
    const unread = await ctx.db
      .select({ mailboxId: messages.mailboxId, value: count() })
      .from(messages)
      .where(and(eq(messages.userId, ctx.user.id), isNull(messages.readAt)))
      .groupBy(messages.mailboxId);
    return rows.map((m) => ({ ...publicMailbox(m), unread: unread.find((u) => u.mailboxId === m.id)?.value ?? 0 }));
  }),

  /** Domains the caller may use, default first. */
  domains: protectedProcedure.query(({ ctx }) => allowedDomains(ctx, ctx.user)),

  create: protectedProcedure
    .input(z.object({ localPart: localPartSchema.optional(), domain: z.string().trim().toLowerCase().max(253).optional() }).default({}))
    .mutation(async ({ ctx, input }) => publicMailbox(await createMailbox(ctx, ctx.user, input))),

  /** Deletes the mailbox with its messages and their stored files. */
  delete: protectedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const [mailbox] = await ctx.db
      .select()
      .from(mailboxes)
      .where(and(eq(mailboxes.id, input.id), eq(mailboxes.userId, ctx.user.id)))
      .limit(1);
    if (!mailbox) throw new AppError("not_found", "No such mailbox");
    // Stop intake first so nothing arrives while the messages are being removed.
    await ctx.db.update(mailboxes).set({ disabled: true }).where(eq(mailboxes.id, mailbox.id));
    const removed = await deleteMessages(ctx.db, ctx.env.ATTACHMENTS, eq(messages.mailboxId, mailbox.id), 50);
    await ctx.db.delete(mailboxes).where(eq(mailboxes.id, mailbox.id));
    return { ok: true as const, deletedMessages: removed.messages };
  }),
});
