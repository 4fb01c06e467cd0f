import { databaseSize, listStorageDays, prepareDeferralHours, recordDatabaseSize } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { getBusinessDefaults } from "../settings/index.ts";
import { checkStorageAlert, type AlertCheck } from "./alerts.ts";
import { growthStart, recentSamples } from "./overview.ts";
import { projectFullAt } from "./projection.ts";
import { dayOf, hourOf } from "./time.ts";

export interface StorageWatch {
  d1Bytes: number;
  alert: AlertCheck;
}

/**
 * The every-minute look at storage: keeps today's D1 size (what D1 reports with each result),
 * makes the coming hours' deferral counters, and alerts administrators on a crossing.
 */
export async function runStorageWatch(ctx: Pick<ServiceContext, "db" | "adapters" | "config" | "log" | "clock" | "stores">): Promise<StorageWatch> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const hour = hourOf(now);
  const bytes = await databaseSize(ctx.db);
  await Promise.all([recordDatabaseSize(ctx.db, today, bytes), prepareDeferralHours(ctx.db, [hour, hour + 1, hour + 2])]);
  const { storageCapBytes } = await getBusinessDefaults(ctx);
  // The projection is only worth its read when an alert goes out.
  const projectedFullAt = async () => projectFullAt(recentSamples(await listStorageDays(ctx.db, growthStart(today)), today), bytes, storageCapBytes, now);
  const alert = await checkStorageAlert(ctx, { bytes, capBytes: storageCapBytes, projectedFullAt });
  return { d1Bytes: bytes, alert };
}
