import type { SessionUser } from "./session.ts";

/** What the client may know about a user. */
export function publicUser(user: SessionUser) {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt };
}
