import { deleteEmptyMailbox, findExpiredMailboxes } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { deleteMessages } from "../messages/delete.ts";

// One cron run deletes a bounded amount: at most this many mailboxes looked at, and this many
// message batches among them; what is left goes in the next run.
const mailboxesPerRun = 100;
const messageBatchesPerRun = 4;

export interface ExpiredMailboxesReport {
  mailboxes: number;
  messages: number;
  objects: number;
}

/**
 * Deletes mailboxes whose expiry has passed, with their messages and stored objects: messages
 * first (objects before rows, as everywhere), the mailbox row only once it holds no message.
 */
export async function deleteExpiredMailboxes(ctx: Pick<ServiceContext, "db" | "stores" | "log">, now: Date): Promise<ExpiredMailboxesReport> {
  const report: ExpiredMailboxesReport = { mailboxes: 0, messages: 0, objects: 0 };
  let budget = messageBatchesPerRun;
  for (const mailbox of await findExpiredMailboxes(ctx.db, now, mailboxesPerRun)) {
    if (budget <= 0) break;
    const removed = await deleteMessages(ctx, { mailboxId: mailbox.id }, budget);
    budget -= removed.batches;
    report.messages += removed.messages;
    report.objects += removed.objects;
    if (await deleteEmptyMailbox(ctx.db, mailbox.id)) report.mailboxes += 1;
  }
  return report;
}
