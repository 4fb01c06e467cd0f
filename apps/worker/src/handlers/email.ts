import { countBenchMessage, DeliveryDeferred, messengerListener, receiveEmail, webhooksListener } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { runContext } from "./context.ts";

// What reacts to stored mail; intake itself knows none of them.
const listeners = [messengerListener, webhooksListener];

/** Inbound mail from Email Routing, handed to the intake service; one log line per message. */
export async function email(message: ForwardableEmailMessage, env: Bindings, execution: ExecutionContext): Promise<void> {
  const started = Date.now();
  const background: Promise<unknown>[] = [];
  const ctx = runContext(env, execution, { background });
  try {
    const result = await receiveEmail(ctx, message, { listeners });
    ctx.log.info("email", {
      status: result.status,
      ...(result.status === "stored" ? { messageId: result.id } : {}),
      ...(result.status === "rejected" ? { reason: result.reason } : {}),
      size: message.rawSize,
      durationMs: Date.now() - started,
    });
  } catch (error) {
    // Thrown, so the platform answers the sender with a temporary failure and it sends again.
    const what = error instanceof DeliveryDeferred ? "email deferred: the database refused it; the sender will retry" : "email intake failed";
    ctx.log.error(what, error, { size: message.rawSize, durationMs: Date.now() - started });
    throw error;
  } finally {
    // Bench only: the message counts once its calls, listeners included, are in the tally.
    if (ctx.config.benchCounters) execution.waitUntil(Promise.allSettled(background).then(countBenchMessage));
  }
}
