import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { users, type Role } from "../schema/index.ts";
import { afterCursor, pageOf, type Cursor } from "./paging.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user with this e-mail address, compared case-insensitively (served by `users_email_lower_idx`). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export interface NewUser {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string | null;
  role: Role;
  createdAt: Date;
}

/** Inserts a user; false when the e-mail address is taken (nothing written). */
export async function insertUser(db: Database, user: NewUser): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({ ...user, disabled: false, updatedAt: user.createdAt })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length === 1;
}

export async function updateUser(
  db: Database,
  id: string,
  patch: { role?: Role | undefined; disabled?: boolean | undefined; passwordHash?: string | undefined },
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      ...(patch.passwordHash !== undefined ? { passwordHash: patch.passwordHash } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export interface UserPage {
  rows: UserRow[];
  /** More rows follow the page. */
  more: boolean;
  total: number;
}

/**
 * Newest first, searched on e-mail and name (the text anywhere in either, ASCII case folded),
 * keyset-paged by (created_at, id). `instr`, not LIKE: D1 refuses a LIKE pattern of more than 50
 * bytes as "too complex", and typed `%` and `_` must match themselves anyway.
 */
export async function listUsers(db: Database, options: { search?: string | undefined; cursor?: Cursor | null | undefined; limit: number }): Promise<UserPage> {
  const needle = options.search?.toLowerCase();
  const search = needle
    ? or(sql`instr(lower(${users.email}), ${needle}) > 0`, sql`instr(lower(coalesce(${users.name}, '')), ${needle}) > 0`)
    : undefined;
  const after = options.cursor ? afterCursor(users.createdAt, users.id, options.cursor) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(search, after))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit + 1),
    db.select({ value: count() }).from(users).where(search),
  ]);
  return { ...pageOf(rows, options.limit), total: total?.value ?? 0 };
}


/** Records the language a user reads Mailroom in; false when it was already that (nothing written). */
export async function setUserLocale(db: Database, id: string, locale: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ locale, updatedAt: now })
    .where(and(eq(users.id, id), or(sql`${users.locale} IS NULL`, sql`${users.locale} <> ${locale}`)))
    .returning({ id: users.id });
  return rows.length === 1;
}
