import type { Context } from "../../context.ts";
import { enforceRateLimit } from "../../auth/rate-limit.ts";
import { sanitizeNextPath } from "../../shared/next-path.ts";
import { codeChallengeOf, newCodeVerifier } from "./pkce.ts";
import { authorizeRedirect, parseProvider, requireProviderApp } from "./providers.ts";
import { isMissingTable } from "./missing-table.ts";
import { loginErrorPath } from "./redirects.ts";
import { createState } from "./states.ts";

/** `GET /api/auth/oauth/:provider/start`: where to send the browser (the provider's authorize page). */
export async function startOAuthLogin(ctx: Context, providerParam: string, next: string | undefined): Promise<string> {
  const provider = parseProvider(providerParam);
  await enforceRateLimit(ctx, "oauth-start");
  const app = requireProviderApp(ctx.config, provider);
  const verifier = newCodeVerifier();
  let state: string;
  try {
    state = await createState(ctx, provider, sanitizeNextPath(next), verifier);
  } catch (error) {
    // Without migration 0013 no state can exist; say so the way a failed callback would.
    if (isMissingTable(error)) return loginErrorPath("state_invalid");
    throw error;
  }
  return authorizeRedirect(ctx.config, provider, app, state, await codeChallengeOf(verifier));
}
