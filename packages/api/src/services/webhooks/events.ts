import { z } from "zod";
import type { MessageStoredEvent } from "../../events/message-stored.ts";

/** The events an endpoint can subscribe to; `webhook.test` is sent on request only (CONTRACT §9). */
const subscribableEvents = ["message.received", "message.recognized", "outbound.bounced"] as const;
type SubscribableEvent = (typeof subscribableEvents)[number];
export type WebhookEventType = SubscribableEvent | "webhook.test";

export const eventsSchema = z
  .array(z.enum(subscribableEvents))
  .min(1, { error: "Choose at least one event" })
  .transform((events) => subscribableEvents.filter((e) => events.includes(e)));

/** The stored form of an endpoint's events; anything unreadable subscribes to nothing. */
export function parseEvents(stored: string): SubscribableEvent[] {
  try {
    const parsed = z.array(z.enum(subscribableEvents)).safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** One event as sent: the body of every delivery of it, byte for byte. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  body: string;
}

function newEventId(): string {
  return `evt_${crypto.randomUUID().replaceAll("-", "")}`;
}

function eventOf(type: WebhookEventType, createdAt: Date, data: Record<string, unknown>): WebhookEvent {
  const id = newEventId();
  return { id, type, body: JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data }) };
}

/** `message.received` for every stored message, and `message.recognized` when a code or link was found. */
export function messageEvents(event: MessageStoredEvent, createdAt: Date): WebhookEvent[] {
  const recognition = event.recognition;
  const received = eventOf("message.received", createdAt, {
    messageId: event.messageId,
    mailboxId: event.mailboxId,
    address: event.address,
    from: { address: event.fromAddress, name: event.fromName },
    subject: event.subject,
    receivedAt: event.receivedAt.toISOString(),
    // The shape messages.get gives (CONTRACT §8), "none" included.
    recognition: recognition ?? { kind: "none", value: null, source: "rules" },
  });
  if (!recognition) return [received];
  return [
    received,
    eventOf("message.recognized", createdAt, {
      messageId: event.messageId,
      mailboxId: event.mailboxId,
      address: event.address,
      kind: recognition.kind,
      value: recognition.value,
      source: recognition.source,
    }),
  ];
}

/** `outbound.bounced` (CONTRACT §15): a sent mail bounced or was marked as spam. */
export function bouncedEvent(data: { outboundId: string; to: string[]; status: "bounced" | "complained"; reason: string | null }, createdAt: Date): WebhookEvent {
  return eventOf("outbound.bounced", createdAt, data);
}

export function testEvent(endpointId: string, createdAt: Date): WebhookEvent {
  return eventOf("webhook.test", createdAt, { endpointId });
}
