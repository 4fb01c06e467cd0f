import type { OAuthProvider } from "@mailroom/db";
import type { Context } from "../../context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { isMissingTable } from "./missing-table.ts";

const stateLifetimeMs = 10 * 60 * 1000;

export interface ConsumedState {
  nextPath: string;
  codeVerifier: string;
}

/** Stores a new one-time state (256 random bits) with its PKCE verifier and sanitized `next`. */
export async function createState(ctx: Pick<Context, "env">, provider: OAuthProvider, nextPath: string, codeVerifier: string): Promise<string> {
  const id = randomToken(32);
  const now = Date.now();
  await ctx.env.DB.prepare(
    "INSERT INTO oauth_states (id, provider, next_path, code_verifier, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
  )
    .bind(id, provider, nextPath, codeVerifier, now, now + stateLifetimeMs)
    .run();
  return id;
}

/**
 * Takes the state out of the table in one statement, so of any number of concurrent callbacks
 * exactly one gets the row. Unknown, expired, other provider's, or no table at all: null.
 */
export async function consumeState(ctx: Pick<Context, "env">, provider: OAuthProvider, id: string): Promise<ConsumedState | null> {
  try {
    const row = await ctx.env.DB.prepare(
      "DELETE FROM oauth_states WHERE id = ?1 AND provider = ?2 AND expires_at > ?3 RETURNING next_path, code_verifier",
    )
      .bind(id, provider, Date.now())
      .first<{ next_path: string; code_verifier: string }>();
    return row ? { nextPath: row.next_path, codeVerifier: row.code_verifier } : null;
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}
