import { messengerListener } from "../../services/messenger/notifications.ts";
import type { MessageStoredListener } from "./events.ts";

const logStored: MessageStoredListener = {
  name: "log",
  run: (event) => {
    console.log(
      "mail stored",
      JSON.stringify({ messageId: event.messageId, mailboxId: event.mailboxId, size: event.size, attachments: event.attachmentCount, recognition: event.recognition?.source ?? null }),
    );
    return Promise.resolve();
  },
};

/** The listeners every stored message is handed to; features that react to new mail add theirs here. */
export const messageStoredListeners: readonly MessageStoredListener[] = [logStored, messengerListener];
