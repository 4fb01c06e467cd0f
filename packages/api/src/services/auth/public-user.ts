import type { UserRow } from "@mailroom/db";

/** What the client may know about a user. */
export function publicUser(user: UserRow) {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt, locale: user.locale };
}
