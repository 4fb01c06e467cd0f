import { createServiceContext, requestIdFrom, type Clock, type ServiceContext } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";

export interface RunOptions {
  clock?: Clock;
  /** Collects the run's background work as it is handed to the platform (bench counters wait for it). */
  background?: Promise<unknown>[];
}

/** The service context of one email() or scheduled() run: its own request id, background work on the platform's context. */
export function runContext(env: Bindings, execution: ExecutionContext, options: RunOptions = {}): ServiceContext {
  const { clock, background } = options;
  return createServiceContext({
    env,
    requestId: requestIdFrom(null),
    waitUntil: (promise) => {
      background?.push(promise);
      execution.waitUntil(promise);
    },
    ...(clock ? { clock } : {}),
  });
}
