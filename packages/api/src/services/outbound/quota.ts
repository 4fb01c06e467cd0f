import { dailyUsageOf, findUserFeaturesOf, giveBackDailyUnit, takeDailyUnit } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { secondsToNextUsageDay, usageDay } from "../../lib/usage-day.ts";
import { getBusinessDefaults, type SettingsContext } from "../settings/index.ts";

/** A user's sends today (UTC) against their daily quota. */
export interface OutboundUsage {
  sentToday: number;
  quota: number;
}

/** One unit of today's quota, held for one send until the provider has answered. */
export interface QuotaReservation {
  userId: string;
  day: string;
}

/**
 * Takes one send from the user's quota for today, atomically (one conditional upsert), so
 * concurrent sends cannot pass it. Used up: 429 `quota_exceeded` with Retry-After to UTC midnight.
 */
export async function reserveOutboundUnit(ctx: Pick<ServiceContext, "db" | "clock">, userId: string, quota: number): Promise<QuotaReservation> {
  const now = ctx.clock.now();
  const day = usageDay(now);
  if ((await takeDailyUnit(ctx.db, userId, day, "outbound", quota)) === null) {
    throw new AppError("quota_exceeded", `You have used today's ${quota} outbound mails. Sending opens again at 00:00 UTC.`, {
      retryAfter: secondsToNextUsageDay(now),
    });
  }
  return { userId, day };
}

/** Gives the unit back (the provider refused the mail, or an earlier record with the same key answered). */
export function releaseOutboundUnit(ctx: Pick<ServiceContext, "db">, reservation: QuotaReservation): Promise<void> {
  return giveBackDailyUnit(ctx.db, reservation.userId, reservation.day, "outbound");
}

/** Today's sends and the daily quota (the user's override, else the business default) of each user. */
export async function outboundUsageOf(ctx: SettingsContext, userIds: readonly string[]): Promise<Map<string, OutboundUsage>> {
  const day = usageDay(ctx.clock.now());
  const [defaults, features, used] = await Promise.all([getBusinessDefaults(ctx), findUserFeaturesOf(ctx.db, userIds), dailyUsageOf(ctx.db, userIds, day, "outbound")]);
  const overrides = new Map(features.map((f) => [f.userId, f.outboundDailyQuota]));
  return new Map(userIds.map((id) => [id, { sentToday: used.get(id) ?? 0, quota: overrides.get(id) ?? defaults.outboundDailyQuota }]));
}
