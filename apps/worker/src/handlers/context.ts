import { createServiceContext, requestIdFrom, type Clock, type ServiceContext } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";

/** The service context of one email() or scheduled() run: its own request id, background work on the platform's context. */
export function runContext(env: Bindings, execution: ExecutionContext, clock?: Clock): ServiceContext {
  return createServiceContext({
    env,
    requestId: requestIdFrom(null),
    waitUntil: (promise) => {
      execution.waitUntil(promise);
    },
    ...(clock ? { clock } : {}),
  });
}
