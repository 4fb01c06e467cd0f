import { createAdministrator, createInvites, setRoleByEmail, type ServiceContext } from "@mailroom/api/cli";
import { emailSchema, newPasswordSchema, roleSchema } from "@mailroom/api/shared";
import { z } from "zod";
import { UsageError } from "../lib/cli.ts";

/** What the admin commands need of a service context: the database and the clock. */
export type AdminContext = Pick<ServiceContext, "db" | "clock">;

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

export async function createAdmin(ctx: AdminContext, options: { email?: string | undefined; password: string | undefined; name?: string | undefined }): Promise<string> {
  const email = check(emailSchema, options.email, "--email");
  const password = check(newPasswordSchema, options.password, "password");
  await createAdministrator(ctx, { email, password, name: options.name });
  return `Created administrator ${email}.`;
}

export async function createInvite(
  ctx: AdminContext,
  options: { count?: string | undefined; maxUses?: string | undefined; expiresDays?: string | undefined; role?: string | undefined },
): Promise<string[]> {
  const count = check(z.coerce.number().int().min(1).max(100), options.count ?? "1", "--count");
  const maxUses = check(z.coerce.number().int().min(1).max(10_000), options.maxUses ?? "1", "--max-uses");
  const expiresDays = options.expiresDays === undefined ? null : check(z.coerce.number().positive().max(3650), options.expiresDays, "--expires-days");
  const role = check(roleSchema, options.role ?? "user", "--role");
  const expiresAt = expiresDays === null ? null : new Date(ctx.clock.now().getTime() + expiresDays * 86_400_000);
  return createInvites(ctx, { count, maxUses, expiresAt, role, createdBy: null });
}

export async function setRole(ctx: AdminContext, options: { email?: string | undefined; role?: string | undefined }): Promise<string> {
  const email = check(emailSchema, options.email, "--email");
  const role = check(roleSchema, options.role, "--role");
  await setRoleByEmail(ctx, email, role);
  return `${email} is now ${role === "admin" ? "an administrator" : "a user"}.`;
}

