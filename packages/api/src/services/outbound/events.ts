import { applyOutboundEvent, listDomainSenders, type EventStatus, type OutboundRow } from "@mailroom/db";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { notifyBounce } from "../messenger/notifications.ts";
import { bouncedEvent } from "../webhooks/events.ts";
import { deliverToSubscribers } from "../webhooks/listener.ts";
import { openSecret } from "../webhooks/secret.ts";
import { sealedFor } from "./providers.ts";
import { outboundSummary } from "./view.ts";

/** The svix headers Resend signs its events with (the Standard Webhooks scheme under other names). */
export interface SignedHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

const text = z.string().trim().max(2000).optional();

// What an email event carries that a record needs; anything else in it is ignored.
const resendEventSchema = z.object({
  type: z.string().max(100),
  data: z
    .object({
      email_id: z.string().min(1).max(200).optional(),
      bounce: z.object({ message: text, type: text, subType: text }).partial().optional(),
      failed: z.object({ reason: text }).partial().optional(),
      suppressed: z.object({ message: text, type: text }).partial().optional(),
    })
    .loose()
    .optional(),
});

type ResendEvent = z.output<typeof resendEventSchema>;

/** The record status and reason an event means; null: an event that moves no record (sent, opened, clicked, …). */
function statusOf(event: ResendEvent): { status: EventStatus; reason: string | null } | null {
  const data = event.data;
  switch (event.type) {
    case "email.delivered":
      return { status: "delivered", reason: null };
    case "email.delivery_delayed":
      return { status: "delayed", reason: null };
    case "email.complained":
      return { status: "complained", reason: null };
    case "email.bounced": {
      const kind = [data?.bounce?.type, data?.bounce?.subType].filter(Boolean).join(", ");
      const message = data?.bounce?.message ?? "The recipient's server refused the mail";
      return { status: "bounced", reason: kind ? `${message} (${kind})` : message };
    }
    case "email.suppressed":
      return { status: "bounced", reason: data?.suppressed?.message ?? "The address is on the provider's suppression list after an earlier bounce or complaint" };
    case "email.failed":
      return { status: "failed", reason: data?.failed?.reason ?? "The provider could not send the mail" };
    default:
      return null;
  }
}

/** Every domain's own signing secret (another Resend account signs with its own). */
async function domainSecrets(ctx: ServiceContext): Promise<string[]> {
  const secrets: string[] = [];
  for (const row of await listDomainSenders(ctx.db)) {
    if (!row.eventsSecret) continue;
    try {
      secrets.push(await openSecret(ctx.config, sealedFor(row.domain, "events_secret"), row.eventsSecret));
    } catch (error) {
      ctx.log.warn("a domain's event signing secret cannot be read", { domain: row.domain, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return secrets;
}

/** Whether one of the secrets signed the body (library-checked: HMAC, constant-time compare, 5-minute timestamp window). */
function verified(secrets: readonly string[], body: string, headers: SignedHeaders): boolean {
  const standard = { "webhook-id": headers.id ?? "", "webhook-timestamp": headers.timestamp ?? "", "webhook-signature": headers.signature ?? "" };
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, standard, { jsonParse: false });
      return true;
    } catch {
      return false;
    }
  });
}

function parsedJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Bot message and `outbound.bounced` to the owner's endpoints, after the answer (their failures never reach Resend). */
function notifyOwner(ctx: ServiceContext, row: OutboundRow): void {
  if (row.status !== "bounced" && row.status !== "complained") return;
  const view = outboundSummary(row);
  const notice = { subject: row.subject, to: view.to, status: row.status, reason: row.statusReason };
  ctx.waitUntil(
    Promise.allSettled([
      notifyBounce(ctx, row.userId, notice),
      deliverToSubscribers(ctx, row.userId, [bouncedEvent({ outboundId: row.id, to: view.to, status: row.status, reason: row.statusReason }, ctx.clock.now())]),
    ]),
  );
}

/**
 * `POST /api/outbound/events/resend` (CONTRACT §15): a signed Resend event moves the record Resend
 * knows by its id. A missing or bad signature (or no secret to check it with) is `unauthorized`;
 * an unknown id, an event that moves nothing, or one that came too late answers 200 and changes
 * nothing, so Resend does not retry it.
 */
export async function receiveResendEvent(ctx: ServiceContext, body: string, headers: SignedHeaders): Promise<{ applied: boolean }> {
  if (!headers.id || !headers.timestamp || !headers.signature) throw new AppError("unauthorized", "The event is not signed (svix-id, svix-timestamp and svix-signature are required)");
  // OUTBOUND_EVENTS_SECRET first: it signs most events and needs no D1 read; the domains' own secrets come after.
  const global = ctx.config.outbound.eventsSecret;
  if (!(global !== undefined && verified([global], body, headers))) {
    const secrets = await domainSecrets(ctx);
    if (global === undefined && secrets.length === 0) throw new AppError("unauthorized", "Events cannot be verified: OUTBOUND_EVENTS_SECRET is not set");
    if (!verified(secrets, body, headers)) throw new AppError("unauthorized", "The event's signature does not match (or its timestamp is more than 5 minutes off)");
  }
  const event = resendEventSchema.safeParse(parsedJson(body));
  if (!event.success) throw new AppError("validation_failed", "The event is not a Resend email event");
  const change = statusOf(event.data);
  const providerMessageId = event.data.data?.email_id;
  if (!change || !providerMessageId) return { applied: false };
  const row = await applyOutboundEvent(ctx.db, { providerMessageId, ...change, at: ctx.clock.now() });
  if (!row) return { applied: false };
  ctx.log.info("outbound status from Resend", { outboundId: row.id, status: row.status });
  notifyOwner(ctx, row);
  return { applied: true };
}
