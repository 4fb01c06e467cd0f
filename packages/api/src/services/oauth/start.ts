import { insertState, isMissingTable } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { sanitizeNextPath } from "../../shared/next-path.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { codeChallengeOf, newCodeVerifier } from "./pkce.ts";
import { parseProvider, requireOAuthClient } from "./providers.ts";
import { loginErrorPath } from "./redirects.ts";

const stateLifetimeMs = 10 * 60 * 1000;

/** Where to send the browser, and the `oauth_binding` value to give it (null: no state was made). */
export interface StartOutcome {
  location: string;
  binding: string | null;
}

/**
 * `GET /api/auth/oauth/:provider/start`: stores a one-time state bound to this browser (the
 * SHA-256 of a fresh random binding value the transport puts in a cookie) and says where to go.
 */
export async function startOAuthLogin(ctx: ServiceContext, providerParam: string, next: string | undefined): Promise<StartOutcome> {
  const provider = parseProvider(providerParam);
  await enforceRateLimit(ctx, "oauth-start");
  const client = requireOAuthClient(ctx, provider);
  const verifier = newCodeVerifier();
  const state = randomToken(32);
  // Fresh for every start: a value the browser already holds could have been planted by someone else.
  const binding = randomToken(32);
  const now = ctx.clock.now();
  try {
    await insertState(ctx.db, {
      id: state,
      provider,
      nextPath: sanitizeNextPath(next),
      codeVerifier: verifier,
      bindingHash: await sha256Hex(binding),
      createdAt: now,
      expiresAt: new Date(now.getTime() + stateLifetimeMs),
    });
  } catch (error) {
    // Without migration 0013 no state can exist; say so the way a failed callback would.
    if (isMissingTable(error)) return { location: loginErrorPath("state_invalid"), binding: null };
    throw error;
  }
  return { location: client.authorizeUrl(state, await codeChallengeOf(verifier)), binding };
}
