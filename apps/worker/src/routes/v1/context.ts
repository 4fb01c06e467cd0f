import { AppError, authenticate, issuesOf } from "@mailroom/api";
import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.ts";

/**
 * The signed-in context of a v1 call: only an API key opens /api/v1 (a session cookie alone
 * does not). The key was counted against its owner's quota when it was resolved.
 */
export async function keyContext(c: Context<AppEnv>) {
  const ctx = c.get("ctx");
  const actor = await authenticate(ctx);
  if (!actor?.apiKeyId) throw new AppError("unauthorized", "An API key is required: Authorization: Bearer mr_…");
  return { ...ctx, actor };
}

// A request that fails its route's schema is a 400 in the §3 shape, never the library's default.
const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) throw new AppError("validation_failed", "The request is invalid", { issues: issuesOf(result.error) });
};

/** A v1 resource's routes: schemas validate, and the same schemas make the OpenAPI document. */
export const v1Routes = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
