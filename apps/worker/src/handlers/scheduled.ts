import { runRetention } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { createDb } from "@mailroom/db";

/** The daily cron: retention of expired records. */
export async function scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const report = await runRetention(createDb(env.DB), new Date(controller.scheduledTime), { attachments: env.ATTACHMENTS });
  console.log("retention", JSON.stringify(report));
}
