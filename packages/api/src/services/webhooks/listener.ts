import { enabledEndpointsOf } from "@mailroom/db";
import type { MessageStoredListener } from "../../events/message-stored.ts";
import { automaticAttempts, deliverNow } from "./deliver.ts";
import { messageEvents, parseEvents } from "./events.ts";

/**
 * The post-intake listener: one delivery per subscribed endpoint and event, first attempt at
 * once (in the background, like every listener); failures are retried by the cron.
 */
export const webhooksListener: MessageStoredListener = {
  name: "webhooks",
  run: async (event, ctx) => {
    // Intake's recipient read already said whether any endpoint listens: most owners have none.
    if (!event.webhooks) return;
    const endpoints = await enabledEndpointsOf(ctx.db, event.userId);
    if (endpoints.length === 0) return;
    const events = messageEvents(event, ctx.clock.now());
    const targets = endpoints.flatMap((endpoint) => {
      const subscribed = parseEvents(endpoint.events);
      return events.filter((e) => subscribed.some((s) => s === e.type)).map((e) => ({ endpoint, event: e }));
    });
    if (targets.length > 0) await deliverNow(ctx, targets, { maxAttempts: automaticAttempts });
  },
};
