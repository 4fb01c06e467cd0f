export { runDueDeliveries } from "./deliver.ts";
export { createEndpoint, deleteEndpoint, endpointNameSchema, endpointUrlSchema, listOwnEndpoints, rotateSecret, updateEndpoint } from "./endpoints.ts";
export { eventsSchema } from "./events.ts";
export { listOwnDeliveries, redeliver, sendTestEvent } from "./log.ts";
export { webhooksListener } from "./listener.ts";
