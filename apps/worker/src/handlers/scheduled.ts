import { runBodyBackfill, runRetention, runRetentionTrickle, runSearchBackfill, runStorageWatch, runWebhookDeliveries } from "@mailroom/api";
import { frequentCronMinutes, type Bindings } from "@mailroom/config";
import { runContext } from "./context.ts";

/**
 * The cron triggers, as of the trigger's scheduled time; one log line per run. The frequent
 * trigger (every minute) retries webhook deliveries, keeps an eye on storage (D1's size, capacity
 * alerts), deletes a batch of expired messages, and moves older messages' bodies out of D1 and
 * gives them search words, in bounded batches; the daily one runs the whole retention.
 */
export async function scheduled(controller: ScheduledController, env: Bindings, execution: ExecutionContext): Promise<void> {
  const started = Date.now();
  const ctx = runContext(env, execution, { clock: { now: () => new Date(controller.scheduledTime) } });
  try {
    if (frequentCronMinutes(controller.cron) !== null) {
      const webhooks = await runWebhookDeliveries(ctx);
      const storage = await runStorageWatch(ctx);
      const expiredMessages = await runRetentionTrickle(ctx);
      const bodyBackfill = await runBodyBackfill(ctx);
      const searchBackfill = await runSearchBackfill(ctx);
      ctx.log.info("scheduled", { cron: controller.cron, webhooks, storage, expiredMessages, bodyBackfill, searchBackfill, durationMs: Date.now() - started });
      return;
    }
    const report = await runRetention(ctx);
    ctx.log.info("scheduled", { cron: controller.cron, retention: report, durationMs: Date.now() - started });
  } catch (error) {
    ctx.log.error("scheduled run failed", error, { cron: controller.cron, durationMs: Date.now() - started });
    throw error;
  }
}
