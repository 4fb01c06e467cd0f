import type { Clock } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { findUserById } from "@mailroom/db";
import { inject } from "vitest";
import { callWorker } from "./call-worker.ts";
import { createClient } from "./client.ts";
import { freshIp } from "./oauth.ts";
import { resendTestKey } from "./resend-fake.ts";
import { db, seedUser } from "./seed.ts";
import { serviceContext } from "./service-context.ts";

export const serviceAddress = "Mailroom <noreply@mail.localhost>";

/** Settings that point the worker at the fake Resend with the key it accepts. */
export function outboundSettings(extra: Partial<Bindings> = {}): Partial<Bindings> {
  return { OUTBOUND_API_KEY: resendTestKey, OUTBOUND_API_BASE_URL: inject("fakes").resend, OUTBOUND_FROM: serviceAddress, ...extra };
}

/** A signed-in user with one mailbox, on a client address of its own (rate limits stay apart). */
export async function sender(settings: Partial<Bindings> = outboundSettings()) {
  const user = await seedUser();
  const client = createClient({ overrides: settings, ip: freshIp() });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  const box = await client.trpc.mailboxes.create.mutate({});
  return { ...client, user, box, settings };
}

/** The same user as a service context (for tests that control the clock or the adapter). */
export async function signedInContext(userId: string, options: { settings?: Partial<Bindings>; clock?: Clock } = {}) {
  const user = await findUserById(db(), userId);
  if (!user) throw new Error("no such user");
  const ctx = serviceContext({ env: options.settings ?? outboundSettings(), stores: { rateLimiter: undefined }, ...(options.clock ? { clock: options.clock } : {}) });
  return { ...ctx, actor: { user, sessionId: null } };
}

export interface ResendCall {
  authorization: string;
  idempotencyKey: string;
  contentType: string;
  body: Record<string, unknown>;
  at: number;
}

/** The `POST /emails` calls the fake has seen, optionally only those from one sender address. */
export async function resendCalls(from?: string): Promise<ResendCall[]> {
  const res = await fetch(`${inject("fakes").resend}/__requests`);
  const recorded = await res.json<{ path: string; headers: Record<string, string>; body: string; at: number }[]>();
  return recorded
    .filter((r) => r.path === "/emails")
    .map((r) => ({
      authorization: r.headers.authorization ?? "",
      idempotencyKey: r.headers["idempotency-key"] ?? "",
      contentType: r.headers["content-type"] ?? "",
      body: JSON.parse(r.body) as Record<string, unknown>,
      at: r.at,
    }))
    .filter((c) => from === undefined || c.body.from === from || c.body.reply_to === from);
}

/** `outbound.send` as a raw tRPC request, to see the HTTP answer (status, Retry-After). */
export function rawSend(cookie: string | undefined, input: unknown, settings: Partial<Bindings>, ip = freshIp()): Promise<Response> {
  return callWorker(
    "/api/trpc/outbound.send",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "cf-connecting-ip": ip, ...(cookie ? { Cookie: `app_session=${cookie}` } : {}) },
      body: JSON.stringify({ json: input }),
    },
    settings,
  );
}
