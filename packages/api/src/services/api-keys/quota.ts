import { dailyUsageOf, findUserFeatures, findUserFeaturesOf, takeDailyUnit } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { secondsToNextUsageDay, usageDay } from "../../lib/usage-day.ts";
import { getBusinessDefaults, type SettingsContext } from "../settings/index.ts";

/** Where a key call left the owner's quota: what the `RateLimit-*` headers say. */
export interface ApiAllowance {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds to the next UTC midnight, when the count starts again. */
  reset: number;
}

/**
 * Counts one API call against the user's quota for today (the override, else the business
 * default): one conditional upsert, so concurrent calls can never take more than the quota.
 */
export async function chargeApiCall(ctx: SettingsContext & Pick<ServiceContext, "db" | "clock">, userId: string): Promise<ApiAllowance> {
  const now = ctx.clock.now();
  const [features, defaults] = await Promise.all([findUserFeatures(ctx.db, userId), getBusinessDefaults(ctx)]);
  const limit = features?.apiDailyQuota ?? defaults.apiDailyQuota;
  const count = await takeDailyUnit(ctx.db, userId, usageDay(now), "api", limit);
  return { allowed: count !== null, limit, remaining: count === null ? 0 : Math.max(0, limit - count), reset: secondsToNextUsageDay(now) };
}

/** The 429 of a call over the quota, with Retry-After to the next UTC midnight. */
export function apiQuotaExceeded(allowance: ApiAllowance): AppError {
  return new AppError("quota_exceeded", `You have used today's ${allowance.limit} API calls. The count starts again at 00:00 UTC.`, {
    retryAfter: allowance.reset,
  });
}

/** A user's API calls today (UTC) against their daily quota. */
export interface ApiUsage {
  usedToday: number;
  quota: number;
}

export async function apiUsageOf(ctx: SettingsContext, userIds: readonly string[]): Promise<Map<string, ApiUsage>> {
  const day = usageDay(ctx.clock.now());
  const [defaults, features, used] = await Promise.all([getBusinessDefaults(ctx), findUserFeaturesOf(ctx.db, userIds), dailyUsageOf(ctx.db, userIds, day, "api")]);
  const overrides = new Map(features.map((f) => [f.userId, f.apiDailyQuota]));
  return new Map(userIds.map((id) => [id, { usedToday: used.get(id) ?? 0, quota: overrides.get(id) ?? defaults.apiDailyQuota }]));
}

/** The signed-in user's API calls today ("123 of 1000 today"). */
export async function ownApiUsage(ctx: SettingsContext & { actor: { user: { id: string } } }): Promise<ApiUsage> {
  const id = ctx.actor.user.id;
  return (await apiUsageOf(ctx, [id])).get(id) ?? { usedToday: 0, quota: 0 };
}
