import type { AppRouter } from "@mailroom/api";
import type { inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>["webhooks"];
export type Endpoint = Outputs["list"][number];
export type Delivery = Outputs["deliveries"]["items"][number];
export type DeliveryStatus = Delivery["status"];

export const subscribableEvents = ["message.received", "message.recognized"] as const satisfies readonly Endpoint["events"][number][];
export type EventType = (typeof subscribableEvents)[number];
export const deliveryStatuses = ["pending", "succeeded", "failed"] as const satisfies readonly DeliveryStatus[];

export function formatTime(at: Date | null): string {
  return at ? at.toLocaleString() : "—";
}

/** A JSON body shown indented when it parses, as sent otherwise. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
