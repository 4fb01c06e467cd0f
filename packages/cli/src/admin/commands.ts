import { generateInviteCode, hashInviteCode, hashPassword, inviteHint } from "@mailroom/api/cli";
import { emailSchema, newPasswordSchema, roleSchema } from "@mailroom/api/shared";
import { z } from "zod";
import { UsageError } from "../lib/cli.ts";
import { d1Execute, sqlNumber, sqlText, type D1Target } from "../lib/d1.ts";

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

function findUser(target: D1Target, email: string) {
  return d1Execute(target, `SELECT id, role, disabled FROM users WHERE email = ${sqlText(email)}`)[0];
}

export async function createAdmin(target: D1Target, options: { email?: string; password?: string; name?: string }): Promise<string> {
  const email = check(emailSchema, options.email, "--email");
  const password = check(newPasswordSchema, options.password, "--password");
  if (findUser(target, email)) {
    throw new UsageError(`A user with the e-mail ${email} already exists. Use set-role to make them an administrator.`);
  }
  const now = Date.now();
  d1Execute(
    target,
    `INSERT INTO users (id, email, name, password_hash, role, disabled, created_at, updated_at) VALUES (${sqlText(crypto.randomUUID())}, ${sqlText(email)}, ${sqlText(options.name ?? null)}, ${sqlText(await hashPassword(password))}, 'admin', 0, ${sqlNumber(now)}, ${sqlNumber(now)})`,
  );
  return `Created administrator ${email}.`;
}

export async function createInvite(
  target: D1Target,
  options: { count?: string; maxUses?: string; expiresDays?: string; role?: string },
): Promise<string[]> {
  const count = check(z.coerce.number().int().min(1).max(100), options.count ?? "1", "--count");
  const maxUses = check(z.coerce.number().int().min(1).max(10_000), options.maxUses ?? "1", "--max-uses");
  const expiresDays = options.expiresDays === undefined ? null : check(z.coerce.number().positive().max(3650), options.expiresDays, "--expires-days");
  const role = check(roleSchema, options.role ?? "user", "--role");
  const now = Date.now();
  const expiresAt = expiresDays === null ? null : now + expiresDays * 86_400_000;
  const codes = Array.from({ length: count }, generateInviteCode);
  const values = await Promise.all(
    codes.map(
      async (code) =>
        `(${sqlText(crypto.randomUUID())}, ${sqlText(await hashInviteCode(code))}, ${sqlText(inviteHint(code))}, ${sqlText(role)}, ${sqlNumber(maxUses)}, 0, ${sqlNumber(expiresAt)}, 0, NULL, ${sqlNumber(now)})`,
    ),
  );
  d1Execute(
    target,
    `INSERT INTO invite_codes (id, code_hash, code_hint, role, max_uses, used_count, expires_at, disabled, created_by, created_at) VALUES ${values.join(", ")}`,
  );
  return codes;
}

export function setRole(target: D1Target, options: { email?: string; role?: string }): string {
  const email = check(emailSchema, options.email, "--email");
  const role = check(roleSchema, options.role, "--role");
  if (!findUser(target, email)) throw new UsageError(`No user has the e-mail ${email}.`);
  d1Execute(target, `UPDATE users SET role = ${sqlText(role)}, updated_at = ${sqlNumber(Date.now())} WHERE email = ${sqlText(email)}`);
  return `${email} is now ${role === "admin" ? "an administrator" : "a user"}.`;
}
