import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { oauthIdentities, oauthPendingLogins, oauthStates, users, type OAuthProvider } from "../schema/index.ts";
import { isMissingTable } from "./errors.ts";
import type { UserRow } from "./users.ts";

export type PendingTicketRow = typeof oauthPendingLogins.$inferSelect;
export type IdentityRow = typeof oauthIdentities.$inferSelect;

export interface NewState {
  id: string;
  provider: OAuthProvider;
  nextPath: string;
  codeVerifier: string;
  bindingHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertState(db: Database, state: NewState): Promise<void> {
  await db.insert(oauthStates).values(state);
}

/**
 * Takes the state out of the table in one statement, so of any number of concurrent callbacks
 * exactly one gets the row. Unknown, expired, another provider's, or no table at all: null.
 */
export async function consumeState(
  db: Database,
  provider: OAuthProvider,
  id: string,
  now: Date,
): Promise<{ nextPath: string; codeVerifier: string; bindingHash: string } | null> {
  try {
    const [row] = await db
      .delete(oauthStates)
      .where(and(eq(oauthStates.id, id), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, now)))
      .returning({ nextPath: oauthStates.nextPath, codeVerifier: oauthStates.codeVerifier, bindingHash: oauthStates.bindingHash });
    return row ?? null;
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}

export type NewTicket = Omit<typeof oauthPendingLogins.$inferInsert, "failedAttempts" | "consumedAt">;

export async function insertTicket(db: Database, ticket: NewTicket): Promise<void> {
  await db.insert(oauthPendingLogins).values(ticket);
}

/** The ticket while it is pending (not consumed, not expired, of `provider` when given); null without the table. */
export async function findPendingTicket(db: Database, id: string, now: Date, provider?: OAuthProvider): Promise<PendingTicketRow | null> {
  try {
    const [row] = await db
      .select()
      .from(oauthPendingLogins)
      .where(
        and(
          eq(oauthPendingLogins.id, id),
          isNull(oauthPendingLogins.consumedAt),
          gt(oauthPendingLogins.expiresAt, now),
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

/** Counts a wrong invite code in one statement; the `maxFailures`-th one consumes the ticket. */
export async function recordTicketFailure(db: Database, id: string, now: Date, maxFailures: number): Promise<void> {
  await db
    .update(oauthPendingLogins)
    .set({
      failedAttempts: sql`${oauthPendingLogins.failedAttempts} + 1`,
      consumedAt: sql`CASE WHEN ${oauthPendingLogins.failedAttempts} + 1 >= ${maxFailures} THEN ${now.getTime()} ELSE ${oauthPendingLogins.consumedAt} END`,
    })
    .where(and(eq(oauthPendingLogins.id, id), isNull(oauthPendingLogins.consumedAt)));
}

export interface ProviderAccount {
  provider: OAuthProvider;
  providerUserId: string;
  email: string;
  login: string | null;
  name: string | null;
}

/** The user an identity is bound to, whatever the provider e-mail says now. */
export async function findIdentityUser(db: Database, provider: OAuthProvider, providerUserId: string): Promise<{ identityId: string; user: UserRow } | null> {
  const [row] = await db
    .select({ identityId: oauthIdentities.id, user: users })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.providerUserId, providerUserId)))
    .limit(1);
  return row ?? null;
}

/** Keeps the identity's profile current; writes only when something changed. */
export async function refreshIdentity(db: Database, identityId: string, account: ProviderAccount, now: Date): Promise<void> {
  await db
    .update(oauthIdentities)
    .set({ email: account.email, login: account.login, name: account.name, updatedAt: now })
    .where(
      and(
        eq(oauthIdentities.id, identityId),
        sql`(${oauthIdentities.email} IS NOT ${account.email} OR ${oauthIdentities.login} IS NOT ${account.login} OR ${oauthIdentities.name} IS NOT ${account.name})`,
      ),
    );
}

export async function bindIdentity(db: Database, id: string, userId: string, account: ProviderAccount, now: Date): Promise<void> {
  await db
    .insert(oauthIdentities)
    .values({ id, userId, ...account, createdAt: now, updatedAt: now })
    // A concurrent callback of the same account may have bound it a moment ago; that is the same binding.
    .onConflictDoNothing({ target: [oauthIdentities.provider, oauthIdentities.providerUserId] });
}

export async function listIdentities(db: Database, userId: string): Promise<IdentityRow[]> {
  return db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, userId)).orderBy(asc(oauthIdentities.createdAt));
}
