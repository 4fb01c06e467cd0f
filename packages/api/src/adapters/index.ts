import type { Config } from "@mailroom/config";
import type { OAuthProvider } from "@mailroom/db";
import { codehostAuthorizeUrl, fetchCodehostProfile } from "./codehost.ts";
import { fetchForumProfile, forumAuthorizeUrl } from "./forum.ts";
import type { ProviderProfile } from "./oauth-http.ts";
import { resendSender, type OutboundSender } from "./outbound.ts";
import type { TelegramBot } from "./telegram.ts";

/** One configured OAuth app of a provider: its authorize redirect and its code-for-profile exchange. */
export interface OAuthClient {
  authorizeUrl(state: string, codeChallenge: string): string;
  fetchProfile(code: string, codeVerifier: string): Promise<ProviderProfile>;
}

/** The third parties, as configured for this environment (null: not configured). */
export interface Adapters {
  /** The Telegram bot when a token is set (whether or not the messenger is switched on). */
  telegram: TelegramBot | null;
  oauth: Record<OAuthProvider, OAuthClient | null>;
  /** Resend with an API key (OUTBOUND_API_KEY or a domain's own), at OUTBOUND_API_BASE_URL. */
  resend: (apiKey: string) => OutboundSender;
}

function createAdaptersFor(config: Config): Adapters {
  const { codehost, forum } = config.oauth;
  const codehostApp = codehost.credentials;
  const forumApp = forum.credentials;
  const { outbound } = config;
  return {
    resend: (apiKey) => resendSender({ apiKey, baseUrl: outbound.apiBaseUrl }),
    telegram: config.messenger.botToken ? { apiBaseUrl: config.messenger.apiBaseUrl, token: config.messenger.botToken } : null,
    oauth: {
      codehost: codehostApp
        ? {
            authorizeUrl: (state, challenge) => codehostAuthorizeUrl(codehost, codehostApp, state, challenge),
            fetchProfile: (code, verifier) => fetchCodehostProfile(codehost, codehostApp, code, verifier),
          }
        : null,
      forum: forumApp
        ? {
            authorizeUrl: (state, challenge) => forumAuthorizeUrl(forum, forumApp, state, challenge),
            fetchProfile: (code, verifier) => fetchForumProfile(forum, forumApp, code, verifier),
          }
        : null,
    },
  };
}

// A config object lives as long as its isolate's env, so its adapters are built once.
const built = new WeakMap<Config, Adapters>();

export function createAdapters(config: Config): Adapters {
  let adapters = built.get(config);
  if (!adapters) {
    adapters = createAdaptersFor(config);
    built.set(config, adapters);
  }
  return adapters;
}

export type { ProviderProfile } from "./oauth-http.ts";
export { ProviderError } from "./oauth-http.ts";
