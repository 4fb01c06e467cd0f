import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { OAuthProvider } from "../schema/index.ts";
import { runBatch } from "./batch.ts";
import { errorText } from "./errors.ts";
import { insertSessionStatement, type NewSession } from "./sessions.ts";

export interface InvitedAccount {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string | null;
  inviteCodeHash: string;
  redemptionId: string;
  session: NewSession;
  /** For an OAuth sign-up: the identity to bind and the pending ticket it consumes. */
  oauth?: {
    identityId: string;
    ticketId: string;
    provider: OAuthProvider;
    providerUserId: string;
    login: string | null;
    name: string | null;
  };
  now: Date;
}

export type AccountOutcome = "created" | "invite_refused" | "email_taken" | "identity_taken" | "ticket_gone";

/**
 * Creates an account with an invite code in one D1 batch (a transaction): the invite use is
 * claimed with a guarded UPDATE, and the user row is inserted only when that UPDATE changed a
 * row (`changes() = 1`), so a single-use code admits exactly one account under any concurrency.
 * Everything else (redemption, session, OAuth identity, ticket) is conditioned on the user row
 * existing, and any failing statement rolls the whole batch back, invite use included.
 *
 * The OAuth identity insert also guards the ticket: when the ticket stopped being pending
 * (consumed by a concurrent finalize, used up, expired) it writes NULL into the NOT NULL
 * `provider` column, which fails the batch.
 */
export async function createInvitedAccount(db: Database, account: InvitedAccount): Promise<AccountOutcome> {
  const at = account.now.getTime();
  const hash = account.inviteCodeHash;
  const userExists = sql`EXISTS (SELECT 1 FROM users WHERE id = ${account.id})`;
  const claim = sql`
    UPDATE invite_codes SET used_count = used_count + 1
    WHERE code_hash = ${hash} AND disabled = 0 AND used_count < max_uses AND (expires_at IS NULL OR expires_at > ${at})`;
  const user = sql`
    INSERT INTO users (id, email, name, password_hash, role, disabled, created_at, updated_at)
    SELECT ${account.id}, ${account.email}, ${account.name}, ${account.passwordHash}, role, 0, ${at}, ${at}
    FROM invite_codes WHERE code_hash = ${hash} AND changes() = 1`;
  const redemption = sql`
    INSERT INTO invite_redemptions (id, invite_id, user_id, redeemed_at)
    SELECT ${account.redemptionId}, id, ${account.id}, ${at} FROM invite_codes WHERE code_hash = ${hash} AND ${userExists}`;
  const session = insertSessionStatement(account.session);
  const oauth = account.oauth;
  const oauthStatements = oauth
    ? [
        sql`
          INSERT INTO oauth_identities (id, user_id, provider, provider_user_id, email, login, name, created_at, updated_at)
          SELECT ${oauth.identityId}, ${account.id},
                 CASE WHEN EXISTS (
                   SELECT 1 FROM oauth_pending_logins
                   WHERE id = ${oauth.ticketId} AND provider = ${oauth.provider} AND consumed_at IS NULL AND expires_at > ${at}
                 ) THEN ${oauth.provider} ELSE NULL END,
                 ${oauth.providerUserId}, ${account.email}, ${oauth.login}, ${oauth.name}, ${at}, ${at}
          WHERE ${userExists}`,
        sql`UPDATE oauth_pending_logins SET consumed_at = ${at} WHERE id = ${oauth.ticketId} AND ${userExists}`,
      ]
    : [];
  let results: D1Result[];
  try {
    results = await runBatch(db, [claim, user, redemption, ...oauthStatements, session]);
  } catch (error) {
    const text = errorText(error);
    if (text.includes("UNIQUE constraint failed: users.email")) return "email_taken";
    if (text.includes("NOT NULL constraint failed: oauth_identities.provider")) return "ticket_gone";
    if (text.includes("oauth_identities")) return "identity_taken";
    throw error;
  }
  return results[1]?.meta.changes === 1 ? "created" : "invite_refused";
}
