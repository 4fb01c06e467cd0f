import { runRetention } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { runContext } from "./context.ts";

/** The daily cron: retention of expired records, as of the trigger's scheduled time; one log line per run. */
export async function scheduled(controller: ScheduledController, env: Bindings, execution: ExecutionContext): Promise<void> {
  const started = Date.now();
  const ctx = runContext(env, execution, { now: () => new Date(controller.scheduledTime) });
  try {
    const report = await runRetention(ctx);
    ctx.log.info("scheduled", { cron: controller.cron, retention: report, durationMs: Date.now() - started });
  } catch (error) {
    ctx.log.error("scheduled run failed", error, { cron: controller.cron, durationMs: Date.now() - started });
    throw error;
  }
}
