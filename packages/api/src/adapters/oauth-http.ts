import type { z } from "zod";

/** A provider answered badly (non-2xx, not JSON, wrong shape) or not in time. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderError";
  }
}

// A stuck provider must not hold a login request (and the worker) open indefinitely.
const providerTimeoutMs = 8000;

/**
 * Calls a provider endpoint and returns its JSON body; anything but a 2xx JSON answer within
 * `timeoutMs` (tests pass a short one) is a ProviderError.
 */
export async function fetchProviderJson(url: string, init: RequestInit, timeoutMs = providerTimeoutMs): Promise<unknown> {
  const host = new URL(url).host;
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderError(`request to ${host} failed`, { cause: error });
  }
  const text = await response.text().catch((error: unknown) => {
    throw new ProviderError(`reading the answer of ${host} failed`, { cause: error });
  });
  if (response.status < 200 || response.status > 299) {
    throw new ProviderError(`${host} answered ${response.status}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError(`${host} answered something that is not JSON`, { cause: error });
  }
}

/** A provider answer checked against the shape the adapter relies on; any other shape is a ProviderError. */
export function parseProviderAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new ProviderError(`${what} has an unexpected shape`);
  return result.data;
}

/** The profile parts the login flow uses, whatever the provider calls them. */
export interface ProviderProfile {
  providerUserId: string;
  /** The e-mail address the provider vouches for, or null when it has none to offer. */
  email: string | null;
  name: string | null;
  login: string | null;
}

/** What a provider adapter needs for one login: the configured app and the endpoints. */
export interface ProviderApp {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
}

/** Builds the authorize redirect: authorization code flow with PKCE (S256). */
export function authorizeUrl(base: string, app: ProviderApp, scope: string, state: string, codeChallenge: string): string {
  const url = new URL(base);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", app.callbackUrl);
  url.searchParams.set("scope", scope);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

/** The access token of a token-endpoint answer; an OAuth `error` answer (even with 200) is a failure. */
export function accessTokenOf(body: unknown): string {
  if (typeof body === "object" && body !== null && "access_token" in body && typeof body.access_token === "string" && body.access_token) {
    return body.access_token;
  }
  throw new ProviderError("the token endpoint gave no access token");
}
