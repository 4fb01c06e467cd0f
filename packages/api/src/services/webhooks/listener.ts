import { enabledEndpointsOf } from "@mailroom/db";
import type { MessageStoredListener } from "../../events/message-stored.ts";
import { automaticAttempts, deliverNow } from "./deliver.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { messageEvents, parseEvents, type WebhookEvent } from "./events.ts";

/**
 * The post-intake listener: one delivery per subscribed endpoint and event, first attempt at
 * once (in the background, like every listener); failures are retried by the cron.
 */
/** Delivers events to each of the user's enabled endpoints that subscribed to them; retried by the cron. */
export async function deliverToSubscribers(ctx: ServiceContext, userId: string, events: readonly WebhookEvent[]): Promise<void> {
  const endpoints = await enabledEndpointsOf(ctx.db, userId);
  const targets = endpoints.flatMap((endpoint) => {
    const subscribed = parseEvents(endpoint.events);
    return events.filter((e) => subscribed.some((s) => s === e.type)).map((e) => ({ endpoint, event: e }));
  });
  if (targets.length > 0) await deliverNow(ctx, targets, { maxAttempts: automaticAttempts });
}

export const webhooksListener: MessageStoredListener = {
  name: "webhooks",
  run: async (event, ctx) => {
    // Intake's recipient read already said whether any endpoint listens: most owners have none.
    if (!event.webhooks) return;
    await deliverToSubscribers(ctx, event.userId, messageEvents(event, ctx.clock.now()));
  },
};
