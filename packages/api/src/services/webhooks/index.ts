export { runDueDeliveries } from "./deliver.ts";
export { createEndpoint, deleteEndpoint, endpointNameSchema, endpointUrlSchema, eventsSchema, listOwnEndpoints, rotateSecret, updateEndpoint } from "./endpoints.ts";
export { listOwnDeliveries, redeliver, sendTestEvent } from "./log.ts";
export { webhooksListener } from "./listener.ts";
