import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Bindings } from "@mailroom/config";
import worker from "../../../apps/worker/src/index.ts";

export const origin = "http://127.0.0.1:8787";

/**
 * Sends a request through the worker's real fetch handler with the test environment, optionally
 * with some settings changed (the config is parsed per env object, so overrides take effect).
 */
export async function callWorker(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(new URL(path, origin), init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export { env };
