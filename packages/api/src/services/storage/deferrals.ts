import { countDeferral } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { hourOf } from "./time.ts";

/**
 * Counts a delivery deferred because D1 refused its write, for the Storage screen. The cron
 * creates the hour's counter ahead, so this is an update in place, which a full database still
 * takes; when even that fails, the caller's log line is the record.
 */
export async function recordDeferredDelivery(ctx: Pick<ServiceContext, "db" | "clock" | "log">): Promise<void> {
  try {
    await countDeferral(ctx.db, hourOf(ctx.clock.now()));
  } catch (error) {
    ctx.log.error("a deferred delivery could not be counted", error);
  }
}
