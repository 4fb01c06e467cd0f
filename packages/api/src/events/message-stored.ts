import type { ServiceContext } from "../context/service-context.ts";
import type { UserFeatures } from "../services/settings/features.ts";

/** What mail intake found in a message (CONTRACT §8), as listeners learn it. */
export interface Recognition {
  kind: "code" | "link";
  value: string;
  source: "rules" | "ai";
}

/**
 * What features that react to new mail (messenger, webhooks) learn about a stored message, with
 * what intake already read about its owner, so listeners need not read it again.
 */
export interface MessageStoredEvent {
  messageId: string;
  userId: string;
  mailboxId: string;
  address: string;
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
  receivedAt: Date;
  size: number;
  attachmentCount: number;
  recognition: Recognition | null;
  notice: string | null;
  /** The owner's feature switches as intake read them. */
  features: UserFeatures;
  /** Whether the owner had an enabled webhook endpoint when intake read the recipient. */
  webhooks: boolean;
}

/** A post-intake listener. It runs after the message is stored and cannot fail intake. */
export interface MessageStoredListener {
  name: string;
  run: (event: MessageStoredEvent, ctx: ServiceContext) => Promise<void>;
}

async function runListener(listener: MessageStoredListener, event: MessageStoredEvent, ctx: ServiceContext): Promise<void> {
  try {
    await listener.run(event, ctx);
  } catch (error) {
    ctx.log.error("post-intake listener failed", error, { listener: listener.name, messageId: event.messageId });
  }
}

/** Hands a stored message to every listener in the background (`waitUntil`), each on its own. */
export function dispatchMessageStored(listeners: readonly MessageStoredListener[], event: MessageStoredEvent, ctx: ServiceContext): void {
  for (const listener of listeners) ctx.waitUntil(runListener(listener, event, ctx));
}
