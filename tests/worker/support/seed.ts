import { createInvites, hashInviteCode } from "@mailroom/api";
import { hashPassword } from "@mailroom/api/cli";
import { createDb, type Role } from "@mailroom/db";
import { inviteCodes, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { env } from "./call-worker.ts";
import { serviceContext } from "./service-context.ts";

export const db = () => createDb(env.DB);

let userCounter = 0;

/** A user row with a password, created directly (as `npm run admin -- create-admin` does). */
export async function seedUser(options: { email?: string; password?: string; role?: Role; disabled?: boolean } = {}) {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? "correct horse battery";
  const now = new Date();
  const id = crypto.randomUUID();
  await db()
    .insert(users)
    .values({
      id,
      email,
      passwordHash: await hashPassword(password),
      role: options.role ?? "user",
      disabled: options.disabled ?? false,
      createdAt: now,
      updatedAt: now,
    });
  return { id, email, password };
}

export async function seedInvite(options: { maxUses?: number; expiresAt?: Date | null; role?: Role; disabled?: boolean } = {}) {
  const [code] = await createInvites(serviceContext(), { count: 1, maxUses: options.maxUses ?? 1, expiresAt: null, role: options.role ?? "user", createdBy: null });
  if (!code) throw new Error("no invite created");
  // The service refuses a past expiry, so expired and disabled invites are made so in place.
  const changes = { ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}), ...(options.disabled ? { disabled: true } : {}) };
  if (Object.keys(changes).length > 0) await db().update(inviteCodes).set(changes).where(eq(inviteCodes.codeHash, await hashInviteCode(code)));
  return code;
}
