import { oauthPendingLogins, type OAuthProvider } from "@mailroom/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { ProviderProfile } from "../../adapters/oauth-http.ts";
import type { Context } from "../../context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { isMissingTable } from "./missing-table.ts";

const ticketLifetimeMs = 15 * 60 * 1000;
/** The wrong invite code that uses up a ticket. */
const maxFailedAttempts = 5;

export type PendingTicket = typeof oauthPendingLogins.$inferSelect;

/** A new third-party user's invite-code ticket (256 random bits, 15 minutes). */
export async function createTicket(
  ctx: Pick<Context, "db">,
  provider: OAuthProvider,
  profile: ProviderProfile,
  email: string,
  nextPath: string,
): Promise<string> {
  const id = randomToken(32);
  const now = Date.now();
  await ctx.db.insert(oauthPendingLogins).values({
    id,
    provider,
    providerUserId: profile.providerUserId,
    email,
    name: profile.name,
    login: profile.login,
    nextPath,
    createdAt: new Date(now),
    expiresAt: new Date(now + ticketLifetimeMs),
  });
  return id;
}

/** The ticket if it is still pending (not consumed, not expired, of this provider when given). */
export async function readPendingTicket(ctx: Pick<Context, "db">, id: string, provider?: OAuthProvider): Promise<PendingTicket | null> {
  try {
    const [row] = await ctx.db
      .select()
      .from(oauthPendingLogins)
      .where(
        and(
          eq(oauthPendingLogins.id, id),
          isNull(oauthPendingLogins.consumedAt),
          gt(oauthPendingLogins.expiresAt, new Date()),
          provider ? eq(oauthPendingLogins.provider, provider) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}

/** Counts a wrong invite code in one statement; the fifth one consumes the ticket. */
export async function recordFailedAttempt(ctx: Pick<Context, "env">, id: string): Promise<void> {
  await ctx.env.DB.prepare(
    `UPDATE oauth_pending_logins
     SET failed_attempts = failed_attempts + 1,
         consumed_at = CASE WHEN failed_attempts + 1 >= ?3 THEN ?2 ELSE consumed_at END
     WHERE id = ?1 AND consumed_at IS NULL`,
  )
    .bind(id, Date.now(), maxFailedAttempts)
    .run();
}
