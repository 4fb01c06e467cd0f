import {
  AppError,
  completeOAuthCallback,
  expiredOAuthBindingCookie,
  finalizeBodySchema,
  finalizeOAuthLogin,
  issuesOf,
  oauthBindingCookie,
  sessionCookie,
  startOAuthLogin,
} from "@mailroom/api";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.ts";

export const oauthPath = "/api/auth/oauth";

const startQuerySchema = z.object({ next: z.string().max(2048, { error: "next is too long" }).optional() });

/** OAuth quick login (CONTRACT §5): plain browser navigations for start and callback, JSON for finalize. */
export const oauthRoutes = new Hono<AppEnv>()
  .get("/:provider/start", async (c) => {
    const query = startQuerySchema.safeParse({ next: c.req.query("next") });
    if (!query.success) throw new AppError("validation_failed", "Invalid input", { issues: issuesOf(query.error) });
    const ctx = c.get("ctx");
    const { location, binding } = await startOAuthLogin(ctx, c.req.param("provider"), query.data.next);
    if (binding) ctx.resHeaders.append("Set-Cookie", oauthBindingCookie(ctx.config, binding));
    return c.redirect(location, 302);
  })
  .get("/:provider/callback", async (c) => {
    const ctx = c.get("ctx");
    const outcome = await completeOAuthCallback(ctx, c.req.param("provider"), c.req.query(), ctx.credentials.oauthBinding);
    if (ctx.credentials.oauthBinding) ctx.resHeaders.append("Set-Cookie", expiredOAuthBindingCookie(ctx.config));
    if (outcome.sessionToken) ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, outcome.sessionToken));
    return c.redirect(outcome.location, 302);
  })
  .post("/:provider/finalize", async (c) => {
    const ctx = c.get("ctx");
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("validation_failed", "The request body must be JSON");
    }
    const input = finalizeBodySchema.safeParse(body);
    if (!input.success) throw new AppError("validation_failed", "Invalid input", { issues: issuesOf(input.error) });
    const { redirectTo, sessionToken } = await finalizeOAuthLogin(ctx, c.req.param("provider"), input.data);
    ctx.resHeaders.append("Set-Cookie", sessionCookie(ctx.config, sessionToken));
    return c.json({ ok: true as const, redirectTo });
  });
