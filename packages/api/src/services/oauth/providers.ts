import type { Config } from "@mailroom/config";
import { oauthProviders, type OAuthProvider } from "@mailroom/db";
import type { OAuthClient } from "../../adapters/index.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";

function isProvider(value: string): value is OAuthProvider {
  return (oauthProviders as readonly string[]).includes(value);
}

/** The `:provider` path segment: `codehost` or `forum`, anything else is 404. */
export function parseProvider(value: string): OAuthProvider {
  if (!isProvider(value)) throw new AppError("oauth_provider_unknown", "Unknown OAuth provider");
  return value;
}

/** The provider's client when all three settings (client id, secret, callback URL) are present. */
export function requireOAuthClient(ctx: Pick<ServiceContext, "adapters">, provider: OAuthProvider): OAuthClient {
  const client = ctx.adapters.oauth[provider];
  if (!client) throw new AppError("oauth_provider_not_configured", "OAuth provider is not configured");
  return client;
}

export function listProviders(config: Config): { id: OAuthProvider; label: string; enabled: boolean }[] {
  return oauthProviders.map((id) => ({ id, label: config.oauth[id].label, enabled: config.oauth[id].credentials !== undefined }));
}
