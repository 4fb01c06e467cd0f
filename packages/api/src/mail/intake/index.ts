export { receiveEmail, type IncomingEmail, type IntakeDeps, type IntakeResult } from "./intake.ts";
export { dispatchMessageStored, type ListenerDeps, type MessageStoredEvent, type MessageStoredListener } from "./events.ts";
export { messageStoredListeners } from "./listeners.ts";
export { defaultIntakeLimits, type IntakeLimits } from "./limits.ts";
export { takeAiAllowance, usageDay } from "./ai-allowance.ts";
export type { Recognition } from "./recognize.ts";
