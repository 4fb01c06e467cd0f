import { bindIdentity, consumeState, findIdentityUser, findUserByEmail, insertTicket, refreshIdentity, type OAuthProvider, type UserRow } from "@mailroom/db";
import { z } from "zod";
import { ProviderError, type ProviderProfile } from "../../adapters/index.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { newId, randomToken, sha256Hex, timingSafeEqual } from "../../lib/crypto.ts";
import { emailSchema } from "../../shared/validators.ts";
import { startSession } from "../auth/sessions.ts";
import { parseProvider } from "./providers.ts";
import { invitePromptPath, loginErrorPath } from "./redirects.ts";

const ticketLifetimeMs = 15 * 60 * 1000;

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(256).optional(),
  error: z.string().max(512).optional(),
});

/** Where the browser goes next, and the session to sign it in with, if any. */
export interface CallbackOutcome {
  location: string;
  sessionToken: string | null;
}

const to = (location: string): CallbackOutcome => ({ location, sessionToken: null });

/** The user an already bound identity belongs to (kept current), else the user with the e-mail. */
async function matchUser(ctx: ServiceContext, provider: OAuthProvider, profile: ProviderProfile, email: string): Promise<{ user: UserRow; bound: boolean } | null> {
  const account = { provider, providerUserId: profile.providerUserId, email, login: profile.login, name: profile.name };
  const identity = await findIdentityUser(ctx.db, provider, profile.providerUserId);
  if (identity) {
    await refreshIdentity(ctx.db, identity.identityId, account, ctx.clock.now());
    return { user: identity.user, bound: true };
  }
  const user = await findUserByEmail(ctx.db, email);
  return user ? { user, bound: false } : null;
}

/** Whether the callback came from the browser that started the login (its `oauth_binding` cookie). */
async function sameBrowser(binding: string | undefined, bindingHash: string): Promise<boolean> {
  if (!binding || !bindingHash) return false;
  return timingSafeEqual(await sha256Hex(binding), bindingHash);
}

/**
 * `GET /api/auth/oauth/:provider/callback`: consumes the state, checks that this browser started
 * it (`binding`: its `oauth_binding` cookie), fetches the profile and decides where the browser
 * goes next: `next` signed in, the invite prompt, or the login page with a reason.
 */
export async function completeOAuthCallback(
  ctx: ServiceContext,
  providerParam: string,
  query: Record<string, string>,
  binding: string | undefined,
): Promise<CallbackOutcome> {
  const provider = parseProvider(providerParam);
  const parsed = callbackQuerySchema.safeParse(query);
  if (!parsed.success) return to(loginErrorPath("state_invalid"));
  const { code, state: stateId, error: providerError } = parsed.data;
  const now = ctx.clock.now();
  const state = stateId ? await consumeState(ctx.db, provider, stateId, now) : null;
  // A state completed in another browser (login CSRF) is used up like any other invalid one.
  if (!state || !(await sameBrowser(binding, state.bindingHash))) return to(loginErrorPath("state_invalid"));
  // The user declined, or the provider failed: the state is used up either way.
  if (providerError !== undefined || !code) return to(loginErrorPath("provider_error"));
  const client = ctx.adapters.oauth[provider];
  if (!client) return to(loginErrorPath("provider_not_configured"));

  let profile: ProviderProfile;
  try {
    profile = await client.fetchProfile(code, state.codeVerifier);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn("oauth provider call failed", { provider, error: error.message });
    return to(loginErrorPath("provider_error"));
  }
  const email = emailSchema.safeParse(profile.email ?? "");
  if (!email.success) return to(loginErrorPath(provider === "codehost" ? "email_unavailable" : "forum_email_required"));

  const match = await matchUser(ctx, provider, profile, email.data);
  if (!match) {
    const ticket = randomToken(32);
    await insertTicket(ctx.db, {
      id: ticket,
      provider,
      providerUserId: profile.providerUserId,
      email: email.data,
      name: profile.name,
      login: profile.login,
      nextPath: state.nextPath,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ticketLifetimeMs),
    });
    return to(invitePromptPath(provider, ticket));
  }
  if (match.user.disabled) return to(loginErrorPath("account_disabled"));
  if (!match.bound) {
    await bindIdentity(ctx.db, newId(), match.user.id, { provider, providerUserId: profile.providerUserId, email: email.data, login: profile.login, name: profile.name }, now);
  }
  return { location: state.nextPath, sessionToken: await startSession(ctx, match.user.id) };
}
