import type { Config } from "@mailroom/config";
import { z } from "zod";
import { accessTokenOf, authorizeUrl, fetchProviderJson, parseProviderAnswer, ProviderError, type ProviderApp, type ProviderProfile } from "./oauth-http.ts";

// forum is a generic OAuth 2.0 / OIDC-style provider (Linux.do Connect by default).
type ForumSettings = Config["oauth"]["forum"];

const forumScope = "openid profile email";

const idSchema = z.union([z.number().int(), z.string().trim().min(1)]);

const userinfoSchema = z.object({
  sub: idSchema.nullish(),
  id: idSchema.nullish(),
  email: z.string().nullish(),
  name: z.string().nullish(),
  preferred_username: z.string().nullish(),
  username: z.string().nullish(),
});

export function forumAuthorizeUrl(settings: ForumSettings, app: ProviderApp, state: string, codeChallenge: string): string {
  return authorizeUrl(settings.authorizeUrl, app, forumScope, state, codeChallenge);
}

/** Exchanges the code (form-encoded, HTTP Basic client authentication, PKCE) and reads the user info. */
export async function fetchForumProfile(settings: ForumSettings, app: ProviderApp, code: string, codeVerifier: string): Promise<ProviderProfile> {
  const token = accessTokenOf(
    await fetchProviderJson(settings.tokenUrl, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${btoa(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`)}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: app.callbackUrl,
        client_id: app.clientId,
        code_verifier: codeVerifier,
      }).toString(),
    }),
  );
  const info = parseProviderAnswer(
    userinfoSchema,
    await fetchProviderJson(settings.userinfoUrl, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }),
    "forum user info",
  );
  // A stable id is what the identity is bound to; `sub` (OIDC) first, then the forum's own `id`.
  const id = info.sub ?? info.id;
  if (id === null || id === undefined) throw new ProviderError("forum user info has no stable user id");
  return {
    providerUserId: String(id),
    email: info.email?.trim() || null,
    name: info.name ?? null,
    login: info.preferred_username ?? info.username ?? null,
  };
}
