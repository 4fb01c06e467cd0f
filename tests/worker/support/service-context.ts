import { createServiceContext, type Clock, type ServiceContext } from "@mailroom/api";
import { env } from "./call-worker.ts";

/**
 * A service context over the test environment's real D1/KV/R2, as the worker's transports build
 * it, for tests that call services directly. Background work is collected in `pending`.
 */
export function serviceContext(options: { env?: Partial<Cloudflare.Env>; clock?: Clock; stores?: Partial<ServiceContext["stores"]> } = {}) {
  const pending: Promise<unknown>[] = [];
  const ctx = createServiceContext({
    env: { ...env, ...options.env },
    requestId: `test-${crypto.randomUUID()}`,
    waitUntil: (promise) => {
      pending.push(promise);
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { ...ctx, stores: { ...ctx.stores, ...options.stores }, pending };
}

/** A clock that stands still until moved. */
export function fixedClock(at: Date | number): Clock & { set: (next: Date | number) => void } {
  let now = new Date(at);
  return {
    now: () => new Date(now),
    set: (next) => {
      now = new Date(next);
    },
  };
}
