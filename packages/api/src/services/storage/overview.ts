import { countDeferralsSince, countLegacyBodies, databaseSize, listStorageDays, oldestMessageAt, type StorageDayRow } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { getBusinessDefaults } from "../settings/index.ts";
import { projectFullAt } from "./projection.ts";
import { dayMs, dayOf, hourOf } from "./time.ts";

/** Days of growth the screen shows. */
const growthDays = 14;
/** Age buckets of stored messages: at most this many days old (the last is open-ended). */
const ageBuckets = [1, 7, 30, 365, null] as const;

const isoDay = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/** The first day of the last `growthDays` days, today included. */
export const growthStart = (today: number) => today - (growthDays - 1);

/** The D1 size samples of the last `growthDays` days, for the projection. */
export function recentSamples(days: readonly StorageDayRow[], today: number) {
  return days.filter((d) => d.day >= growthStart(today) && d.d1Bytes !== null).map((d) => ({ day: d.day, bytes: d.d1Bytes ?? 0 }));
}

function messagesByAge(days: readonly StorageDayRow[], today: number) {
  return ageBuckets.map((maxDays, i) => {
    const minDays = i === 0 ? 0 : (ageBuckets[i - 1] ?? 0);
    const count = days
      .filter((d) => today - d.day >= minDays && (maxDays === null || today - d.day < maxDays))
      .reduce((sum, d) => sum + d.messages, 0);
    return { maxDays, count };
  });
}

/** `admin.storage.get` (CONTRACT §12): where the database stands against its cap, and where it is heading. */
export async function storageOverview(ctx: Pick<ServiceContext, "db" | "stores" | "clock" | "log" | "config">) {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const [bytes, days, oldest, deferredLast24h, bodiesToMove, business] = await Promise.all([
    databaseSize(ctx.db),
    listStorageDays(ctx.db),
    oldestMessageAt(ctx.db),
    countDeferralsSince(ctx.db, hourOf(now) - 23),
    countLegacyBodies(ctx.db),
    getBusinessDefaults(ctx),
  ]);
  const capBytes = business.storageCapBytes;
  const byDay = new Map(days.map((d) => [d.day, d]));
  const projected = projectFullAt(recentSamples(days, today), bytes, capBytes, now);
  return {
    d1: { bytes, capBytes, percent: Math.round((bytes / capBytes) * 1000) / 10 },
    r2: {
      bound: ctx.stores.attachments !== undefined,
      bytes: days.reduce((sum, d) => sum + d.objectBytes, 0),
      objects: days.reduce((sum, d) => sum + d.objectCount, 0),
    },
    messages: {
      count: days.reduce((sum, d) => sum + d.messages, 0),
      oldestReceivedAt: oldest?.toISOString() ?? null,
      byAge: messagesByAge(days, today),
      bodiesToMove,
    },
    growth: Array.from({ length: growthDays }, (_, i) => {
      const day = growthStart(today) + i;
      const row = byDay.get(day);
      return { day: isoDay(day), d1Bytes: row?.d1Bytes ?? null, messages: row?.received ?? 0 };
    }),
    projectedFullAt: projected?.toISOString() ?? null,
    deferredLast24h,
  };
}
