import { insertState, isMissingTable } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { sanitizeNextPath } from "../../shared/next-path.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { codeChallengeOf, newCodeVerifier } from "./pkce.ts";
import { parseProvider, requireOAuthClient } from "./providers.ts";
import { loginErrorPath } from "./redirects.ts";

const stateLifetimeMs = 10 * 60 * 1000;

/** `GET /api/auth/oauth/:provider/start`: stores a one-time state and says where to send the browser. */
export async function startOAuthLogin(ctx: ServiceContext, providerParam: string, next: string | undefined): Promise<string> {
  const provider = parseProvider(providerParam);
  await enforceRateLimit(ctx, "oauth-start");
  const client = requireOAuthClient(ctx, provider);
  const verifier = newCodeVerifier();
  const state = randomToken(32);
  const now = ctx.clock.now();
  try {
    await insertState(ctx.db, {
      id: state,
      provider,
      nextPath: sanitizeNextPath(next),
      codeVerifier: verifier,
      createdAt: now,
      expiresAt: new Date(now.getTime() + stateLifetimeMs),
    });
  } catch (error) {
    // Without migration 0013 no state can exist; say so the way a failed callback would.
    if (isMissingTable(error)) return loginErrorPath("state_invalid");
    throw error;
  }
  return client.authorizeUrl(state, await codeChallengeOf(verifier));
}
