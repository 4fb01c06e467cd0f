import type { Config } from "@mailroom/config";
import { z } from "zod";
import { accessTokenOf, authorizeUrl, fetchProviderJson, parseProviderAnswer, type ProviderApp, type ProviderProfile } from "./oauth-http.ts";

// codehost is GitHub: an OAuth App, then the REST API for the profile and the e-mail list.
type CodehostSettings = Config["oauth"]["codehost"];

const codehostScope = "read:user user:email";
const userAgent = "Mailroom-OAuth";

const userSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  login: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

const emailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean().nullish(), verified: z.boolean().nullish() }));

export function codehostAuthorizeUrl(settings: CodehostSettings, app: ProviderApp, state: string, codeChallenge: string): string {
  return authorizeUrl(settings.authorizeUrl, app, codehostScope, state, codeChallenge);
}

/**
 * CONTRACT §5: the primary verified address, else any verified one, else, only when the list
 * is empty, the public profile address. An unverified list means there is nothing usable.
 */
function resolveCodehostEmail(emails: z.infer<typeof emailsSchema>, publicEmail: string | null | undefined): string | null {
  const primary = emails.find((e) => e.primary === true && e.verified === true);
  if (primary) return primary.email;
  const verified = emails.find((e) => e.verified === true);
  if (verified) return verified.email;
  if (emails.length === 0 && publicEmail) return publicEmail;
  return null;
}

/** Exchanges the authorization code (with the PKCE verifier) and reads the user and their e-mails. */
export async function fetchCodehostProfile(settings: CodehostSettings, app: ProviderApp, code: string, codeVerifier: string): Promise<ProviderProfile> {
  const token = accessTokenOf(
    await fetchProviderJson(settings.tokenUrl, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", "User-Agent": userAgent },
      body: new URLSearchParams({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code,
        redirect_uri: app.callbackUrl,
        code_verifier: codeVerifier,
      }).toString(),
    }),
  );
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json", "User-Agent": userAgent };
  const [user, emails] = await Promise.all([
    fetchProviderJson(`${settings.apiBaseUrl}/user`, { headers }).then((body) => parseProviderAnswer(userSchema, body, "codehost user")),
    fetchProviderJson(`${settings.apiBaseUrl}/user/emails`, { headers }).then((body) => parseProviderAnswer(emailsSchema, body, "codehost e-mail list")),
  ]);
  return {
    providerUserId: String(user.id),
    email: resolveCodehostEmail(emails, user.email),
    name: user.name ?? null,
    login: user.login ?? null,
  };
}
