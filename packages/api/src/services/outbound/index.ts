export { sendBodyMaxBytes, sendInputSchema } from "./input.ts";
export { outboundUsageOf } from "./quota.ts";
export { getOwnOutbound, listOwnOutbound, outboundStatus } from "./read.ts";
export { sendOutbound } from "./send.ts";
export { receiveResendEvent } from "./events.ts";
export { domainSenderInputSchema, listDomainSenderSettings, setDomainSender } from "./domain-senders.ts";
