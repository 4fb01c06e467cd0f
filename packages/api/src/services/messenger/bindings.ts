import { messengerBindings, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";

export type Binding = typeof messengerBindings.$inferSelect;

/** The chat as the platform describes it, enough to bind and to show it on the settings page. */
export interface ChatInfo {
  id: string;
  type: string;
  title: string | null;
}

export async function bindingOfUser(db: Database, userId: string): Promise<Binding | null> {
  const [row] = await db.select().from(messengerBindings).where(eq(messengerBindings.userId, userId)).limit(1);
  return row ?? null;
}

export async function bindingOfChat(db: Database, chatId: string): Promise<Binding | null> {
  const [row] = await db.select().from(messengerBindings).where(eq(messengerBindings.chatId, chatId)).limit(1);
  return row ?? null;
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
