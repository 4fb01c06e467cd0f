import { enforceRateLimit } from "../auth/rate-limit.ts";
import { AppError } from "../errors/index.ts";
import { bindingOfUser, createBindingCode, pendingCodeExpiry, sendTestNotification, setPaused, unbindUser } from "../services/messenger/index.ts";
import { getUserFeatures } from "../services/settings/index.ts";
import { router } from "../trpc/init.ts";
import { protectedProcedure } from "../trpc/procedures.ts";

const notBound = () => new AppError("not_found", "No chat is bound to your account");

export const messengerRouter = router({
  /** Everything the settings page shows: service and account switches, the bound chat, a pending code. */
  status: protectedProcedure.query(async ({ ctx }) => {
    const [features, binding, pendingCodeExpiresAt] = await Promise.all([
      getUserFeatures(ctx.db, ctx.user.id),
      bindingOfUser(ctx.db, ctx.user.id),
      pendingCodeExpiry(ctx.db, ctx.user.id),
    ]);
    const { messenger } = ctx.config;
    return {
      configured: Boolean(messenger.botToken),
      serviceEnabled: messenger.enabled,
      featureEnabled: features.messenger,
      enabled: messenger.enabled && features.messenger,
      botUsername: messenger.botUsername ?? null,
      bound: binding !== null,
      chat: binding ? { type: binding.chatType, title: binding.chatTitle, boundAt: binding.boundAt } : null,
      paused: binding?.paused ?? false,
      pendingCodeExpiresAt,
    };
  }),

  createBindingCode: protectedProcedure.mutation(async ({ ctx }) => {
    await enforceRateLimit(ctx, "binding-code");
    if (!ctx.config.messenger.botToken) throw new AppError("bot_not_configured", "The Telegram bot is not configured on this service");
    if (!ctx.config.messenger.enabled) throw new AppError("feature_disabled", "The messenger is switched off on this service");
    if (!(await getUserFeatures(ctx.db, ctx.user.id)).messenger) throw new AppError("feature_disabled", "The messenger is switched off for your account");
    return createBindingCode(ctx.db, ctx.config, ctx.user.id);
  }),

  unbind: protectedProcedure.mutation(async ({ ctx }) => {
    if (!(await unbindUser(ctx.db, ctx.user.id))) throw notBound();
    return { ok: true as const };
  }),

  pause: protectedProcedure.mutation(async ({ ctx }) => {
    if (!(await setPaused(ctx.db, ctx.user.id, true))) throw notBound();
    return { ok: true as const, paused: true };
  }),

  resume: protectedProcedure.mutation(async ({ ctx }) => {
    if (!(await setPaused(ctx.db, ctx.user.id, false))) throw notBound();
    return { ok: true as const, paused: false };
  }),

  sendTest: protectedProcedure.mutation(async ({ ctx }) => {
    await sendTestNotification(ctx.db, ctx.config, ctx.user);
    return { ok: true as const };
  }),
});
