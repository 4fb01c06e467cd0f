import type { Bindings } from "@mailroom/config";
import { createDb, mailboxes } from "@mailroom/db";
import { eq } from "drizzle-orm";

/**
 * Inbound mail from Email Routing. A recipient that is not an enabled mailbox is rejected at
 * SMTP time, so the sender gets a bounce instead of the mail vanishing.
 */
export async function email(message: ForwardableEmailMessage, env: Bindings): Promise<void> {
  const address = message.to.trim().toLowerCase();
  const db = createDb(env.DB);
  const [mailbox] = await db.select().from(mailboxes).where(eq(mailboxes.address, address)).limit(1);
  if (!mailbox || mailbox.disabled) {
    message.setReject("Unknown recipient");
    return;
  }
  // Mailbox accounts cannot be created before the mail issue lands; until then nothing reaches here.
  message.setReject("Mail intake is not available yet");
}
