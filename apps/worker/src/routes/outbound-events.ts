import { receiveResendEvent } from "@mailroom/api";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * Delivery events from the outbound providers (CONTRACT §15). The body is read as text: the
 * signature covers its exact bytes. A verified event answers 200 whether or not it changed a
 * record, so Resend retries only what did not arrive.
 */
export const outboundEventRoutes = new Hono<AppEnv>().post("/resend", async (c) => {
  const outcome = await receiveResendEvent(c.get("ctx"), await c.req.text(), {
    id: c.req.header("svix-id"),
    timestamp: c.req.header("svix-timestamp"),
    signature: c.req.header("svix-signature"),
  });
  return c.json({ ok: true as const, applied: outcome.applied });
});
