import { useFormatter } from "next-intl";
import type { AppRouter } from "@mailroom/api";
import type { inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>["webhooks"];
export type Endpoint = Outputs["list"][number];
export type Delivery = Outputs["deliveries"]["items"][number];
export type DeliveryStatus = Delivery["status"];

export const subscribableEvents = ["message.received", "message.recognized", "outbound.bounced"] as const satisfies readonly Endpoint["events"][number][];
export type EventType = (typeof subscribableEvents)[number];
export const deliveryStatuses = ["pending", "succeeded", "failed"] as const satisfies readonly DeliveryStatus[];

/** The message key of each event type (keys cannot hold the dots of the event names). */
export const eventKey = {
  "message.received": "messageReceived",
  "message.recognized": "messageRecognized",
  "outbound.bounced": "outboundBounced",
} as const satisfies Record<Endpoint["events"][number], string>;

/** Times in the reader's language and time zone; "—" for none. */
export function useFormatTime(): (at: Date | null) => string {
  const format = useFormatter();
  return (at) => (at ? format.dateTime(at, { dateStyle: "medium", timeStyle: "medium" }) : "—");
}

/** A JSON body shown indented when it parses, as sent otherwise. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
