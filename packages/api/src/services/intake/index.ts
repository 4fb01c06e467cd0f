export { receiveEmail } from "./intake.ts";
export { DeliveryDeferred } from "./store.ts";
