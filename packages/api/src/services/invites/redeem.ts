import { inviteCodes, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { hashInviteCode } from "./codes.ts";
import { inviteRefusal, inviteStatus } from "./status.ts";

export interface NewAccount {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string | null;
}

/** Why a code cannot be used, as a clear error; unknown codes and every refusal look alike in kind. */
async function refusalFor(db: Database, codeHash: string, now: Date): Promise<AppError> {
  const [invite] = await db.select().from(inviteCodes).where(eq(inviteCodes.codeHash, codeHash)).limit(1);
  const status = invite ? inviteStatus(invite, now) : undefined;
  const message = status && status !== "active" ? inviteRefusal[status] : "This invite code is not valid";
  return new AppError("invite_code_invalid", message, { issues: [{ path: "inviteCode", message }] });
}

/**
 * Creates an account with an invite code in one D1 transaction: the code's use is claimed with a
 * guarded UPDATE, and the account row is inserted only when that UPDATE changed a row
 * (`changes() = 1`). So a single-use code admits exactly one account under any concurrency, and a
 * failed insert (e-mail taken) gives the use back by rolling the whole batch back.
 */
export async function redeemInvite(
  ctx: Pick<Context, "db" | "env">,
  inviteCode: string,
  account: NewAccount,
  /** Statements that must commit with the account or not at all (identity, ticket, session). */
  alongside: D1PreparedStatement[] = [],
): Promise<void> {
  const codeHash = await hashInviteCode(inviteCode);
  const now = new Date();
  const at = now.getTime();
  const userId = account.id;
  const d1 = ctx.env.DB;
  const statements = [
    d1
      .prepare(
        `UPDATE invite_codes SET used_count = used_count + 1
         WHERE code_hash = ?1 AND disabled = 0 AND used_count < max_uses AND (expires_at IS NULL OR expires_at > ?2)`,
      )
      .bind(codeHash, at),
    d1
      .prepare(
        `INSERT INTO users (id, email, name, password_hash, role, disabled, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, role, 0, ?5, ?5 FROM invite_codes WHERE code_hash = ?6 AND changes() = 1`,
      )
      .bind(userId, account.email, account.name, account.passwordHash, at, codeHash),
    d1
      .prepare(
        `INSERT INTO invite_redemptions (id, invite_id, user_id, redeemed_at)
         SELECT ?1, id, ?2, ?3 FROM invite_codes WHERE code_hash = ?4 AND EXISTS (SELECT 1 FROM users WHERE id = ?2)`,
      )
      .bind(newId(), userId, at, codeHash),
    ...alongside,
  ];
  let results: D1Result[];
  try {
    results = await d1.batch(statements);
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: users.email")) {
      throw new AppError("conflict", "An account with this e-mail address already exists", {
        issues: [{ path: "email", message: "An account with this e-mail address already exists" }],
      });
    }
    throw error;
  }
  if (results[1]?.meta.changes !== 1) throw await refusalFor(ctx.db, codeHash, now);
}
