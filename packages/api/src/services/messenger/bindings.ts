import { messengerBindings, userFeatures, type Database } from "@mailroom/db";
import { eq, type SQL } from "drizzle-orm";
import { defaultUserFeatures } from "../settings/index.ts";

/** A bound chat with its user's messenger switch, which is on unless an administrator turned it off. */
export type Binding = typeof messengerBindings.$inferSelect & { messengerOn: boolean };

/** The chat as the platform describes it, enough to bind and to show it on the settings page. */
export interface ChatInfo {
  id: string;
  type: string;
  title: string | null;
}

/** One query for the binding and the switch: every mail and every bot command asks for both. */
async function bindingWhere(db: Database, where: SQL): Promise<Binding | null> {
  const [row] = await db
    .select({ binding: messengerBindings, messenger: userFeatures.messenger })
    .from(messengerBindings)
    .leftJoin(userFeatures, eq(userFeatures.userId, messengerBindings.userId))
    .where(where)
    .limit(1);
  return row ? { ...row.binding, messengerOn: row.messenger ?? defaultUserFeatures.messenger } : null;
}

export function bindingOfUser(db: Database, userId: string): Promise<Binding | null> {
  return bindingWhere(db, eq(messengerBindings.userId, userId));
}

export function bindingOfChat(db: Database, chatId: string): Promise<Binding | null> {
  return bindingWhere(db, eq(messengerBindings.chatId, chatId));
}

/**
 * Binds a chat to a user: one chat per user, one user per chat. The user's previous chat is
 * replaced, and a chat bound to someone else moves to this user (whoever holds a fresh code for
 * the chat decides). Notifications start switched on. One batch, so no half-moved binding.
 */
export async function bindChat(db: Database, userId: string, chat: ChatInfo, now = new Date()): Promise<void> {
  const values = { chatId: chat.id, chatType: chat.type, chatTitle: chat.title, paused: false, boundAt: now };
  await db.batch([
    db.delete(messengerBindings).where(eq(messengerBindings.chatId, chat.id)),
    db.insert(messengerBindings).values({ userId, ...values }).onConflictDoUpdate({ target: messengerBindings.userId, set: values }),
  ]);
}

export async function unbindUser(db: Database, userId: string): Promise<boolean> {
  const removed = await db.delete(messengerBindings).where(eq(messengerBindings.userId, userId)).returning({ userId: messengerBindings.userId });
  return removed.length > 0;
}

/** Pauses or resumes notifications; false when the user has no bound chat. */
export async function setPaused(db: Database, userId: string, paused: boolean): Promise<boolean> {
  const updated = await db.update(messengerBindings).set({ paused }).where(eq(messengerBindings.userId, userId)).returning({ userId: messengerBindings.userId });
  return updated.length > 0;
}
