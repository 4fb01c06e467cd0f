import { z } from "zod";
import { changeOwnPassword, deleteOwnAccount, listOwnSessions, revokeOtherSessions, revokeOwnSession, setOwnLocale } from "../services/account/index.ts";
import { listOwnPasskeys, passkeyRegistrationOptions, registerPasskey, registrationResponseSchema, removeOwnPasskey } from "../services/passkeys/index.ts";
import { locales } from "../shared/locales.ts";
import { newPasswordSchema } from "../shared/validators.ts";
import { expiredSessionCookie } from "../transport/session-cookie.ts";
import { router } from "../trpc/init.ts";
import { sessionProcedure } from "../trpc/procedures.ts";

/** Self-service for the signed-in user: password, signed-in sessions, deleting the account. */
export const accountRouter = router({
  /** Every other session of the user ends with the change. */
  changePassword: sessionProcedure
    .input(z.object({ currentPassword: z.string().max(256), newPassword: newPasswordSchema }))
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),

  /** The user's live sessions: device, address, created and last seen; `current` marks this one. */
  sessions: sessionProcedure.query(({ ctx }) => listOwnSessions(ctx)),

  revokeSession: sessionProcedure.input(z.object({ id: z.string().min(1).max(128) })).mutation(async ({ ctx, input }) => {
    await revokeOwnSession(ctx, input.id);
    return { ok: true as const };
  }),

  /** The language the user reads Mailroom in; the bot and the notifications follow it. */
  setLocale: sessionProcedure.input(z.object({ locale: z.enum(locales) })).mutation(({ ctx, input }) => setOwnLocale(ctx, input.locale)),

  /** Passkeys that sign this account in: listed with their last use, added, removed. */
  passkeys: router({
    list: sessionProcedure.query(({ ctx }) => listOwnPasskeys(ctx)),
    registrationOptions: sessionProcedure.mutation(({ ctx }) => passkeyRegistrationOptions(ctx, ctx.pageOrigin)),
    register: sessionProcedure
      .input(z.object({ ceremonyId: z.string().min(1).max(64), name: z.string().trim().min(1).max(60).optional(), response: registrationResponseSchema }))
      .mutation(({ ctx, input }) => registerPasskey(ctx, ctx.pageOrigin, input)),
    /** Refused (`conflict`) when it is the account's last way to sign in. */
    remove: sessionProcedure.input(z.object({ id: z.string().min(1).max(1400) })).mutation(async ({ ctx, input }) => {
      await removeOwnPasskey(ctx, input.id);
      return { ok: true as const };
    }),
  }),

  revokeOtherSessions: sessionProcedure.mutation(async ({ ctx }) => ({ ok: true as const, revoked: await revokeOtherSessions(ctx) })),

  /**
   * Deletes the account and all it owns, confirmed by typing the account's e-mail address.
   * `done: false`: more is left than one request deletes; call again.
   */
  delete: sessionProcedure.input(z.object({ confirmation: z.string().max(254) })).mutation(async ({ ctx, input }) => {
    const result = await deleteOwnAccount(ctx, input);
    if (result.done) ctx.resHeaders.append("Set-Cookie", expiredSessionCookie(ctx.config));
    return result;
  }),
});
