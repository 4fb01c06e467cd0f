import { takeDailyUnit } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { usageDay } from "../../lib/usage-day.ts";

/** Takes one AI fallback from the user's daily allowance; false when it is used up. */
export function takeAiAllowance(ctx: Pick<ServiceContext, "db" | "clock">, userId: string, dailyLimit: number): Promise<boolean> {
  return takeDailyUnit(ctx.db, userId, usageDay(ctx.clock.now()), "ai", dailyLimit);
}
