import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { mailboxes, messages, systemSettings, userFeatures, users, webhookEndpoints } from "../schema/index.ts";
import { errorText } from "./errors.ts";
import type { UserFeaturesValues } from "./settings.ts";

export type MailboxRow = typeof mailboxes.$inferSelect;

/** The user's mailboxes, newest first, each with its number of unread messages. */
export async function listMailboxes(db: Database, userId: string): Promise<(MailboxRow & { unread: number })[]> {
  const [rows, unread] = await Promise.all([
    db.select().from(mailboxes).where(eq(mailboxes.userId, userId)).orderBy(desc(mailboxes.createdAt), desc(mailboxes.id)),
    db
      .select({ mailboxId: messages.mailboxId, value: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
      .groupBy(messages.mailboxId),
  ]);
  const unreadOf = new Map(unread.map((u) => [u.mailboxId, u.value]));
  return rows.map((m) => ({ ...m, unread: unreadOf.get(m.id) ?? 0 }));
}

/** The most recent mailboxes (for the bot's `/accounts`). */
export async function recentMailboxes(db: Database, userId: string, limit: number): Promise<MailboxRow[]> {
  return db.select().from(mailboxes).where(eq(mailboxes.userId, userId)).orderBy(desc(mailboxes.createdAt), desc(mailboxes.id)).limit(limit);
}

export async function countMailboxes(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mailboxes).where(eq(mailboxes.userId, userId));
  return row?.value ?? 0;
}

/** The mailbox when it belongs to `userId`. */
export async function findOwnMailbox(db: Database, id: string, userId: string): Promise<MailboxRow | null> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)))
    .limit(1);
  return row ?? null;
}

export type NewMailbox = Omit<MailboxRow, "disabled">;

/**
 * Inserts a mailbox unless the user already has `cap` of them: the count is taken inside the
 * INSERT itself, so concurrent creations cannot go past the cap.
 */
export async function insertMailboxUnderCap(db: Database, mailbox: NewMailbox, cap: number): Promise<"created" | "cap_reached" | "address_taken"> {
  try {
    const result = await db.run(sql`
      INSERT INTO mailboxes (id, user_id, local_part, domain, address, disabled, created_at)
      SELECT ${mailbox.id}, ${mailbox.userId}, ${mailbox.localPart}, ${mailbox.domain}, ${mailbox.address}, 0, ${mailbox.createdAt.getTime()}
      WHERE (SELECT COUNT(*) FROM mailboxes WHERE user_id = ${mailbox.userId}) < ${cap}`);
    return result.meta.changes === 1 ? "created" : "cap_reached";
  } catch (error) {
    if (errorText(error).includes("UNIQUE constraint failed: mailboxes.address")) return "address_taken";
    throw error;
  }
}

export async function setMailboxDisabled(db: Database, id: string, disabled: boolean): Promise<void> {
  await db.update(mailboxes).set({ disabled }).where(eq(mailboxes.id, id));
}

export async function deleteMailboxRow(db: Database, id: string): Promise<void> {
  await db.delete(mailboxes).where(eq(mailboxes.id, id));
}

export interface Recipient {
  mailboxId: string;
  userId: string;
  address: string;
}

/** What intake needs to know about a recipient, read together. */
export interface IntakeRecipient extends Recipient {
  /** The user's switches row; null when there is none (every switch at its default). */
  features: UserFeaturesValues | null;
  /** The stored JSON text of the system setting named in the call, or null. */
  setting: string | null;
  /** The user has at least one enabled webhook endpoint. */
  webhooks: boolean;
}

/**
 * The enabled mailbox of an enabled user that an envelope address names (null when there is
 * none), with its owner's feature switches, one system setting and whether any webhook endpoint
 * listens: everything intake and its listeners look up, in one round trip.
 */
export async function findIntakeRecipient(db: Database, address: string, settingKey: string): Promise<IntakeRecipient | null> {
  const [row] = await db
    .select({
      mailboxId: mailboxes.id,
      userId: mailboxes.userId,
      address: mailboxes.address,
      mailboxDisabled: mailboxes.disabled,
      userDisabled: users.disabled,
      featuresOf: userFeatures.userId,
      aiFallback: userFeatures.aiFallback,
      messenger: userFeatures.messenger,
      outbound: userFeatures.outbound,
      mailboxCreation: userFeatures.mailboxCreation,
      outboundDailyQuota: userFeatures.outboundDailyQuota,
      apiDailyQuota: userFeatures.apiDailyQuota,
      setting: sql<string | null>`(SELECT ${systemSettings.value} FROM ${systemSettings} WHERE ${systemSettings.key} = ${settingKey})`,
      webhooks: sql<number>`EXISTS (SELECT 1 FROM ${webhookEndpoints} WHERE ${webhookEndpoints.userId} = ${mailboxes.userId} AND ${webhookEndpoints.enabled} = 1)`,
    })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .leftJoin(userFeatures, eq(userFeatures.userId, mailboxes.userId))
    .where(eq(mailboxes.address, address))
    .limit(1);
  if (!row || row.mailboxDisabled || row.userDisabled) return null;
  const features =
    row.featuresOf === null
      ? null
      : {
          aiFallback: row.aiFallback ?? true,
          messenger: row.messenger ?? true,
          outbound: row.outbound ?? true,
          mailboxCreation: row.mailboxCreation ?? true,
          outboundDailyQuota: row.outboundDailyQuota,
          apiDailyQuota: row.apiDailyQuota,
        };
  return { mailboxId: row.mailboxId, userId: row.userId, address: row.address, features, setting: row.setting, webhooks: row.webhooks === 1 };
}

/** Whether the mailbox still takes mail: it exists, and neither it nor its owner is disabled. */
export async function mailboxTakesMail(db: Database, mailboxId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.disabled, false), eq(users.disabled, false)))
    .limit(1);
  return row !== undefined;
}
