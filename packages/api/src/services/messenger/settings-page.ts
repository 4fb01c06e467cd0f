import { deleteBinding, setBindingPaused } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { getUserFeatures } from "../settings/index.ts";
import { newBindingCode, pendingCodeExpiry, type NewBindingCode } from "./binding-codes.ts";
import { bindingOfUser } from "./bindings.ts";

const notBound = () => new AppError("not_found", "No chat is bound to your account");

/** Everything the messenger settings page shows: service and account switches, the bound chat, a pending code. */
export async function messengerStatus(ctx: SignedInContext) {
  const userId = ctx.actor.user.id;
  const [features, binding, pendingCodeExpiresAt] = await Promise.all([getUserFeatures(ctx, userId), bindingOfUser(ctx, userId), pendingCodeExpiry(ctx, userId)]);
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
}

/** A one-time binding code for the signed-in user, when the bot and their switch allow it. */
export async function createBindingCode(ctx: SignedInContext): Promise<NewBindingCode> {
  await enforceRateLimit(ctx, "binding-code");
  if (!ctx.config.messenger.botToken) throw new AppError("bot_not_configured", "The Telegram bot is not configured on this service");
  if (!ctx.config.messenger.enabled) throw new AppError("feature_disabled", "The messenger is switched off on this service");
  if (!(await getUserFeatures(ctx, ctx.actor.user.id)).messenger) throw new AppError("feature_disabled", "The messenger is switched off for your account");
  return newBindingCode(ctx, ctx.actor.user.id);
}

export async function unbindChat(ctx: SignedInContext): Promise<void> {
  if (!(await deleteBinding(ctx.db, ctx.actor.user.id))) throw notBound();
}

export async function setNotificationsPaused(ctx: SignedInContext, paused: boolean): Promise<void> {
  if (!(await setBindingPaused(ctx.db, ctx.actor.user.id, paused))) throw notBound();
}
