import { findUserByEmail, insertUser, listUsers, updateUser, type Cursor, type Role } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext, SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { encodeCursor } from "../../lib/cursor.ts";
import { newId } from "../../lib/crypto.ts";
import { hashPassword } from "../auth/password.ts";
import { publicUser } from "../auth/public-user.ts";
import { endAllSessions } from "../auth/sessions.ts";
import { apiUsageOf } from "../api-keys/index.ts";
import { outboundUsageOf } from "../outbound/index.ts";

/** The administrator's user list: newest first, searched on e-mail and name, with today's outbound and API usage. */
export async function listAccounts(ctx: ServiceContext, input: { query?: string | undefined; cursor?: Cursor | null | undefined; limit: number }) {
  const page = await listUsers(ctx.db, { search: input.query, cursor: input.cursor, limit: input.limit });
  const ids = page.rows.map((user) => user.id);
  const [usage, api] = await Promise.all([outboundUsageOf(ctx, ids), apiUsageOf(ctx, ids)]);
  const last = page.rows.at(-1);
  return {
    items: page.rows.map((user) => ({ ...publicUser(user), disabled: user.disabled, outbound: usage.get(user.id) ?? null, api: api.get(user.id) ?? null })),
    nextCursor: page.more && last ? encodeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
    total: page.total,
  };
}

/** Changes a user's role or disables them; a disabled user is signed out everywhere at once. */
export async function updateAccount(ctx: SignedInContext, input: { id: string; role?: Role | undefined; disabled?: boolean | undefined }) {
  if (input.id === ctx.actor.user.id && (input.disabled === true || input.role === "user")) {
    throw new AppError("forbidden", "You cannot disable your own account or remove your own administrator role");
  }
  const updated = await updateUser(ctx.db, input.id, { role: input.role, disabled: input.disabled }, ctx.clock.now());
  if (!updated) throw new AppError("not_found", "No such user");
  forgetCachedReads();
  if (updated.disabled) await endAllSessions(ctx, updated.id);
  return { ...publicUser(updated), disabled: updated.disabled };
}

/** The first administrator of a fresh install (from the shell). */
export async function createAdministrator(ctx: Pick<ServiceContext, "db" | "clock">, input: { email: string; password: string; name?: string | undefined }): Promise<void> {
  const created = await insertUser(ctx.db, {
    id: newId(),
    email: input.email,
    name: input.name ?? null,
    passwordHash: await hashPassword(input.password),
    role: "admin",
    createdAt: ctx.clock.now(),
  });
  if (!created) {
    throw new AppError("conflict", `A user with the e-mail ${input.email} already exists. Use set-role to make them an administrator.`);
  }
}

/** Sets the role of the user with this e-mail address (from the shell). */
export async function setRoleByEmail(ctx: Pick<ServiceContext, "db" | "clock">, email: string, role: Role): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError("not_found", `No user has the e-mail ${email}.`);
  await updateUser(ctx.db, user.id, { role }, ctx.clock.now());
}
