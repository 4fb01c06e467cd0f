import type { Bindings, Config } from "@mailroom/config";
import type { Database } from "@mailroom/db";
import type { Recognition } from "./recognize.ts";

/** What features that react to new mail (messenger, webhooks) learn about a stored message. */
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
}

export interface ListenerDeps {
  env: Bindings;
  config: Config;
  db: Database;
}

/** A post-intake listener. It runs after the message is stored and cannot fail intake. */
export interface MessageStoredListener {
  name: string;
  run: (event: MessageStoredEvent, deps: ListenerDeps) => Promise<void>;
}

async function runListener(listener: MessageStoredListener, event: MessageStoredEvent, deps: ListenerDeps): Promise<void> {
  try {
    await listener.run(event, deps);
  } catch (error) {
    console.error(`post-intake listener ${listener.name} failed for message ${event.messageId}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Hands a stored message to every listener in the background (`waitUntil`), each on its own. */
export function dispatchMessageStored(
  listeners: readonly MessageStoredListener[],
  event: MessageStoredEvent,
  deps: ListenerDeps,
  waitUntil: (promise: Promise<unknown>) => void,
): void {
  for (const listener of listeners) waitUntil(runListener(listener, event, deps));
}
