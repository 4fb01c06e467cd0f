import type { Config } from "@mailroom/config";
import { oauthProviders, type OAuthProvider } from "@mailroom/db";
import { codehostAuthorizeUrl, fetchCodehostProfile } from "../../adapters/codehost.ts";
import { fetchForumProfile, forumAuthorizeUrl } from "../../adapters/forum.ts";
import type { ProviderApp, ProviderProfile } from "../../adapters/oauth-http.ts";
import { AppError } from "../../errors/index.ts";

function isProvider(value: string): value is OAuthProvider {
  return (oauthProviders as readonly string[]).includes(value);
}

/** The `:provider` path segment: `codehost` or `forum`, anything else is 404. */
export function parseProvider(value: string): OAuthProvider {
  if (!isProvider(value)) throw new AppError("oauth_provider_unknown", "Unknown OAuth provider");
  return value;
}

/** The provider's app when all three settings (client id, secret, callback URL) are present. */
export function providerApp(config: Config, provider: OAuthProvider): ProviderApp | undefined {
  return config.oauth[provider].credentials;
}

export function requireProviderApp(config: Config, provider: OAuthProvider): ProviderApp {
  const app = providerApp(config, provider);
  if (!app) throw new AppError("oauth_provider_not_configured", "OAuth provider is not configured");
  return app;
}

export function listProviders(config: Config): { id: OAuthProvider; label: string; enabled: boolean }[] {
  return oauthProviders.map((id) => ({ id, label: config.oauth[id].label, enabled: providerApp(config, id) !== undefined }));
}

export function authorizeRedirect(config: Config, provider: OAuthProvider, app: ProviderApp, state: string, codeChallenge: string): string {
  return provider === "codehost"
    ? codehostAuthorizeUrl(config.oauth.codehost, app, state, codeChallenge)
    : forumAuthorizeUrl(config.oauth.forum, app, state, codeChallenge);
}

export function fetchProfile(config: Config, provider: OAuthProvider, app: ProviderApp, code: string, codeVerifier: string): Promise<ProviderProfile> {
  return provider === "codehost"
    ? fetchCodehostProfile(config.oauth.codehost, app, code, codeVerifier)
    : fetchForumProfile(config.oauth.forum, app, code, codeVerifier);
}
