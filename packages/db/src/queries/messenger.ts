import { and, eq, gt, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { messengerBindingCodes, messengerBindings, userFeatures, users } from "../schema/index.ts";

export type BindingRow = typeof messengerBindings.$inferSelect;

/** A user's one live binding code is replaced by a new one (one batch: never two live codes). */
export async function replaceBindingCode(db: Database, userId: string, codeHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
  await db.batch([
    db.delete(messengerBindingCodes).where(eq(messengerBindingCodes.userId, userId)),
    db.insert(messengerBindingCodes).values({ codeHash, userId, createdAt, expiresAt }),
  ]);
}

/**
 * Uses a code up: one DELETE that only matches a current code and says whose it was, so of two
 * chats sending the same code at once exactly one gets the user id. Null: unknown, used or expired.
 */
export async function consumeBindingCode(db: Database, codeHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(messengerBindingCodes)
    .where(and(eq(messengerBindingCodes.codeHash, codeHash), gt(messengerBindingCodes.expiresAt, now)))
    .returning({ userId: messengerBindingCodes.userId });
  return row?.userId ?? null;
}

/** When the user's live code expires, if there is one. */
export async function liveBindingCodeExpiry(db: Database, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: messengerBindingCodes.expiresAt })
    .from(messengerBindingCodes)
    .where(and(eq(messengerBindingCodes.userId, userId), gt(messengerBindingCodes.expiresAt, now)))
    .limit(1);
  return row?.expiresAt ?? null;
}

/** A binding with the user's messenger switch (null: no switch row, the default applies) and language. */
export type BindingWithSwitch = BindingRow & { messengerSwitch: boolean | null; locale: string | null };

async function bindingWhere(db: Database, where: SQL): Promise<BindingWithSwitch | null> {
  const [row] = await db
    .select({ binding: messengerBindings, messenger: userFeatures.messenger, locale: users.locale })
    .from(messengerBindings)
    .leftJoin(userFeatures, eq(userFeatures.userId, messengerBindings.userId))
    .leftJoin(users, eq(users.id, messengerBindings.userId))
    .where(where)
    .limit(1);
  return row ? { ...row.binding, messengerSwitch: row.messenger, locale: row.locale } : null;
}

export function findBindingOfUser(db: Database, userId: string): Promise<BindingWithSwitch | null> {
  return bindingWhere(db, eq(messengerBindings.userId, userId));
}

export function findBindingOfChat(db: Database, chatId: string): Promise<BindingWithSwitch | null> {
  return bindingWhere(db, eq(messengerBindings.chatId, chatId));
}

/**
 * Binds a chat to a user: one chat per user, one user per chat. The user's previous chat is
 * replaced, and a chat bound to someone else moves to this user. One batch, so no half-moved binding.
 */
export async function bindChat(db: Database, userId: string, chat: { id: string; type: string; title: string | null }, now: Date): Promise<void> {
  const values = { chatId: chat.id, chatType: chat.type, chatTitle: chat.title, paused: false, boundAt: now };
  await db.batch([
    db.delete(messengerBindings).where(eq(messengerBindings.chatId, chat.id)),
    db.insert(messengerBindings).values({ userId, ...values }).onConflictDoUpdate({ target: messengerBindings.userId, set: values }),
  ]);
}

export async function deleteBinding(db: Database, userId: string): Promise<boolean> {
  const removed = await db.delete(messengerBindings).where(eq(messengerBindings.userId, userId)).returning({ userId: messengerBindings.userId });
  return removed.length > 0;
}

/** Pauses or resumes notifications; false when the user has no bound chat. */
export async function setBindingPaused(db: Database, userId: string, paused: boolean): Promise<boolean> {
  const updated = await db.update(messengerBindings).set({ paused }).where(eq(messengerBindings.userId, userId)).returning({ userId: messengerBindings.userId });
  return updated.length > 0;
}

/** The chats of enabled administrators with their language (for service alerts such as storage capacity). */
export function findAdminChats(db: Database): Promise<{ chatId: string; locale: string | null }[]> {
  return db
    .select({ chatId: messengerBindings.chatId, locale: users.locale })
    .from(messengerBindings)
    .innerJoin(users, eq(users.id, messengerBindings.userId))
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)));
}
