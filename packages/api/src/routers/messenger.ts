import { createBindingCode, messengerStatus, sendTestNotification, setNotificationsPaused, unbindChat } from "../services/messenger/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

export const messengerRouter = router({
  /** Everything the settings page shows: service and account switches, the bound chat, a pending code. */
  status: protectedProcedure.query(({ ctx }) => messengerStatus(ctx)),

  createBindingCode: protectedProcedure.mutation(({ ctx }) => createBindingCode(ctx)),

  unbind: protectedProcedure.mutation(async ({ ctx }) => {
    await unbindChat(ctx);
    return { ok: true as const };
  }),

  pause: protectedProcedure.mutation(async ({ ctx }) => {
    await setNotificationsPaused(ctx, true);
    return { ok: true as const, paused: true };
  }),

  resume: protectedProcedure.mutation(async ({ ctx }) => {
    await setNotificationsPaused(ctx, false);
    return { ok: true as const, paused: false };
  }),

  sendTest: protectedProcedure.mutation(async ({ ctx }) => {
    await sendTestNotification(ctx);
    return { ok: true as const };
  }),
});
