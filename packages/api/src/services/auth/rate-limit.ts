import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";

export type RateLimitedRoute = "register" | "login" | "oauth-start" | "oauth-finalize" | "binding-code" | "api-key" | "outbound" | "webhook-send";

/**
 * CONTRACT §4: keyed by client address and route through the RATE_LIMITER binding. Without the
 * binding (a misconfigured environment) requests are not limited rather than refused.
 */
export async function enforceRateLimit(ctx: Pick<ServiceContext, "stores" | "client">, route: RateLimitedRoute): Promise<void> {
  const limiter = ctx.stores.rateLimiter;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: `${route}:${ctx.client.ip}` });
  if (!success) throw new AppError("rate_limited", "Too many attempts. Please wait a minute and try again.", { retryAfter: 60 });
}
