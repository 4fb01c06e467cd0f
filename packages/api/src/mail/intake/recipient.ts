import { mailboxes, users, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";

export interface Recipient {
  mailboxId: string;
  userId: string;
  address: string;
}

/** The enabled mailbox of an enabled user the envelope recipient names, or null. */
export async function findRecipient(db: Database, envelopeTo: string): Promise<Recipient | null> {
  const address = envelopeTo.trim().toLowerCase();
  if (address === "") return null;
  const [row] = await db
    .select({ mailboxId: mailboxes.id, userId: mailboxes.userId, address: mailboxes.address, mailboxDisabled: mailboxes.disabled, userDisabled: users.disabled })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(eq(mailboxes.address, address))
    .limit(1);
  if (!row || row.mailboxDisabled || row.userDisabled) return null;
  return { mailboxId: row.mailboxId, userId: row.userId, address: row.address };
}
