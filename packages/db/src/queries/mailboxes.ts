import { and, count, desc, eq, gt, isNotNull, isNull, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { blockRules, mailboxes, messages, systemSettings, userFeatures, users, webhookEndpoints } from "../schema/index.ts";
import { errorText } from "./errors.ts";
import type { UserFeaturesValues } from "./settings.ts";

export type MailboxRow = typeof mailboxes.$inferSelect;

/** Mailboxes that have not expired at `now` (an expired one is gone for everyone but retention). */
export function liveMailbox(now: Date): SQL | undefined {
  return or(isNull(mailboxes.expiresAt), gt(mailboxes.expiresAt, now));
}

/** The user's live mailboxes, newest first, each with its number of unread messages (`unreadCount`). */
export async function listMailboxes(db: Database, userId: string, now: Date): Promise<MailboxRow[]> {
  return db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), liveMailbox(now)))
    .orderBy(desc(mailboxes.createdAt), desc(mailboxes.id));
}

/** The most recent live mailboxes (for the bot's `/accounts`). */
export async function recentMailboxes(db: Database, userId: string, limit: number, now: Date): Promise<MailboxRow[]> {
  return db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), liveMailbox(now)))
    .orderBy(desc(mailboxes.createdAt), desc(mailboxes.id))
    .limit(limit);
}

export async function countMailboxes(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), liveMailbox(now)));
  return row?.value ?? 0;
}

/** The mailbox when it belongs to `userId` and has not expired at `now`. */
export async function findOwnMailbox(db: Database, id: string, userId: string, now: Date): Promise<MailboxRow | null> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId), liveMailbox(now)))
    .limit(1);
  return row ?? null;
}

/** The live mailbox with this address, whoever owns it. */
export async function findMailboxByAddress(db: Database, address: string, now: Date): Promise<MailboxRow | null> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.address, address), liveMailbox(now)))
    .limit(1);
  return row ?? null;
}

export type NewMailbox = Omit<MailboxRow, "disabled" | "expiresAt" | "unreadCount" | "forwardTo" | "keepCopy" | "paused"> & { expiresAt?: Date | null };

/**
 * Inserts a mailbox unless the user already has `cap` live ones: the count is taken inside the
 * INSERT itself, so concurrent creations cannot go past the cap. Expired mailboxes waiting for
 * the retention cron do not count.
 */
export async function insertMailboxUnderCap(db: Database, mailbox: NewMailbox, cap: number): Promise<"created" | "cap_reached" | "address_taken"> {
  const at = mailbox.createdAt.getTime();
  try {
    const result = await db.run(sql`
      INSERT INTO mailboxes (id, user_id, local_part, domain, address, disabled, created_at, expires_at)
      SELECT ${mailbox.id}, ${mailbox.userId}, ${mailbox.localPart}, ${mailbox.domain}, ${mailbox.address}, 0, ${at}, ${mailbox.expiresAt?.getTime() ?? null}
      WHERE (SELECT COUNT(*) FROM mailboxes WHERE user_id = ${mailbox.userId} AND (expires_at IS NULL OR expires_at > ${at})) < ${cap}`);
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

/**
 * Moves a live, expiring mailbox's expiry later by `addMs`, never past `latest`; or, with
 * `addMs` null, makes it keep until deleted. Null when the user has no such live expiring mailbox.
 */
export async function extendMailboxExpiry(db: Database, input: { id: string; userId: string; addMs: number | null; latest: Date; now: Date }): Promise<MailboxRow | null> {
  const [row] = await db
    .update(mailboxes)
    .set({ expiresAt: input.addMs === null ? null : sql`min(${mailboxes.expiresAt} + ${input.addMs}, ${input.latest.getTime()})` })
    .where(and(eq(mailboxes.id, input.id), eq(mailboxes.userId, input.userId), isNotNull(mailboxes.expiresAt), gt(mailboxes.expiresAt, input.now)))
    .returning();
  return row ?? null;
}

/** The routing fields of a live mailbox of `userId` that are given; null when it has no such mailbox. */
export async function updateMailboxRouting(
  db: Database,
  input: { id: string; userId: string; now: Date; forwardTo?: string[] | undefined; keepCopy?: boolean | undefined; paused?: boolean | undefined },
): Promise<MailboxRow | null> {
  const [row] = await db
    .update(mailboxes)
    .set({
      ...(input.forwardTo === undefined ? {} : { forwardTo: input.forwardTo }),
      ...(input.keepCopy === undefined ? {} : { keepCopy: input.keepCopy }),
      ...(input.paused === undefined ? {} : { paused: input.paused }),
    })
    .where(and(eq(mailboxes.id, input.id), eq(mailboxes.userId, input.userId), liveMailbox(input.now)))
    .returning();
  return row ?? null;
}

/** Up to `limit` mailboxes whose expiry has passed at `now`, oldest expiry first. */
export async function findExpiredMailboxes(db: Database, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(isNotNull(mailboxes.expiresAt), lte(mailboxes.expiresAt, now)))
    .orderBy(mailboxes.expiresAt)
    .limit(limit);
}

/**
 * Deletes a mailbox row only when no message is left in it, so its messages (and their stored
 * objects, which only the service can delete) never go by cascade. True when it was deleted.
 */
export async function deleteEmptyMailbox(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(mailboxes)
    .where(and(eq(mailboxes.id, id), notExists(db.select({ id: messages.id }).from(messages).where(eq(messages.mailboxId, id)))))
    .returning({ id: mailboxes.id });
  return deleted.length === 1;
}

export interface Recipient {
  mailboxId: string;
  userId: string;
  address: string;
}

/** What intake needs to know about a recipient, read together. */
export interface IntakeRecipient extends Recipient {
  /** When the mailbox expires (null: never); a cached lookup must still honour it. */
  expiresAt: Date | null;
  /** The user's switches row; null when there is none (every switch at its default). */
  features: UserFeaturesValues | null;
  /** The stored JSON text of the system setting named in the call, or null. */
  setting: string | null;
  /** The user has at least one enabled webhook endpoint. */
  webhooks: boolean;
  forwardTo: string[];
  keepCopy: boolean;
  paused: boolean;
  /** The owner's and the global block rules (CONTRACT §13): read with the recipient, so a sender check costs no round trip. */
  blockRules: { id: string; pattern: string; global: boolean }[];
}

/**
 * The enabled, live (not expired at `now`) mailbox of an enabled user that an envelope address
 * names (null when there is none), with its expiry, with its owner's feature switches, one system setting and whether any webhook endpoint
 * listens: everything intake and its listeners look up, in one round trip.
 */
export async function findIntakeRecipient(db: Database, address: string, settingKey: string, now: Date): Promise<IntakeRecipient | null> {
  const [row] = await db
    .select({
      mailboxId: mailboxes.id,
      userId: mailboxes.userId,
      address: mailboxes.address,
      mailboxDisabled: mailboxes.disabled,
      expiresAt: mailboxes.expiresAt,
      forwardTo: mailboxes.forwardTo,
      keepCopy: mailboxes.keepCopy,
      paused: mailboxes.paused,
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
      blockRules: sql<string>`(SELECT json_group_array(json_array(${blockRules.id}, ${blockRules.pattern}, ${blockRules.userId} IS NULL)) FROM ${blockRules}
        WHERE ${blockRules.userId} = ${mailboxes.userId} OR ${blockRules.userId} IS NULL)`,
    })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .leftJoin(userFeatures, eq(userFeatures.userId, mailboxes.userId))
    .where(and(eq(mailboxes.address, address), liveMailbox(now)))
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
  return {
    mailboxId: row.mailboxId,
    userId: row.userId,
    address: row.address,
    expiresAt: row.expiresAt,
    features,
    setting: row.setting,
    webhooks: row.webhooks === 1,
    forwardTo: row.forwardTo,
    keepCopy: row.keepCopy,
    paused: row.paused,
    blockRules: (JSON.parse(row.blockRules) as [string, string, number][]).map(([id, pattern, global]) => ({ id, pattern, global: global === 1 })),
  };
}

/** Whether the mailbox still takes mail at `now`: it exists, has not expired, is not paused, and neither it nor its owner is disabled. */
export async function mailboxTakesMail(db: Database, mailboxId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.disabled, false), eq(mailboxes.paused, false), eq(users.disabled, false), liveMailbox(now)))
    .limit(1);
  return row !== undefined;
}
