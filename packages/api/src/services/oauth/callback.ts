import { oauthIdentities, users, type OAuthProvider } from "@mailroom/db";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ProviderError, type ProviderProfile } from "../../adapters/oauth-http.ts";
import { startSession, type SessionUser } from "../../auth/session.ts";
import type { Context } from "../../context.ts";
import { newId } from "../../lib/crypto.ts";
import { emailSchema } from "../../shared/validators.ts";
import { fetchProfile, parseProvider, providerApp } from "./providers.ts";
import { invitePromptPath, loginErrorPath } from "./redirects.ts";
import { consumeState } from "./states.ts";
import { createTicket } from "./tickets.ts";

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(256).optional(),
  error: z.string().max(512).optional(),
});

/** The user an already bound identity belongs to (whatever the provider e-mail says now). */
async function boundUser(ctx: Context, provider: OAuthProvider, profile: ProviderProfile, email: string): Promise<SessionUser | undefined> {
  const [row] = await ctx.db
    .select({ user: users, identityId: oauthIdentities.id })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.providerUserId, profile.providerUserId)))
    .limit(1);
  if (!row) return undefined;
  await ctx.db
    .update(oauthIdentities)
    .set({ email, login: profile.login, name: profile.name, updatedAt: new Date() })
    .where(eq(oauthIdentities.id, row.identityId));
  return row.user;
}

async function bindIdentity(ctx: Context, userId: string, provider: OAuthProvider, profile: ProviderProfile, email: string): Promise<void> {
  const now = new Date();
  await ctx.db
    .insert(oauthIdentities)
    .values({ id: newId(), userId, provider, providerUserId: profile.providerUserId, email, login: profile.login, name: profile.name, createdAt: now, updatedAt: now })
    // A concurrent callback of the same account may have bound it a moment ago; that is the same binding.
    .onConflictDoNothing({ target: [oauthIdentities.provider, oauthIdentities.providerUserId] });
}

/**
 * `GET /api/auth/oauth/:provider/callback`: consumes the state, fetches the profile and decides
 * where the browser goes next: `next` signed in, the invite prompt, or the login page with a reason.
 */
export async function completeOAuthCallback(ctx: Context, providerParam: string, query: Record<string, string>): Promise<string> {
  const provider = parseProvider(providerParam);
  const parsed = callbackQuerySchema.safeParse(query);
  if (!parsed.success) return loginErrorPath("state_invalid");
  const { code, state: stateId, error: providerError } = parsed.data;
  const state = stateId ? await consumeState(ctx, provider, stateId) : null;
  if (!state) return loginErrorPath("state_invalid");
  // The user declined, or the provider failed: the state is used up either way.
  if (providerError !== undefined || !code) return loginErrorPath("provider_error");
  const app = providerApp(ctx.config, provider);
  if (!app) return loginErrorPath("provider_not_configured");

  let profile: ProviderProfile;
  try {
    profile = await fetchProfile(ctx.config, provider, app, code, state.codeVerifier);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`oauth ${provider}: ${error.message}`);
    return loginErrorPath("provider_error");
  }
  const email = emailSchema.safeParse(profile.email ?? "");
  if (!email.success) return loginErrorPath(provider === "codehost" ? "email_unavailable" : "forum_email_required");

  const bound = await boundUser(ctx, provider, profile, email.data);
  const user =
    bound ??
    (await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.data}`).limit(1))[0];
  if (!user) return invitePromptPath(provider, await createTicket(ctx, provider, profile, email.data, state.nextPath));
  if (user.disabled) return loginErrorPath("account_disabled");
  if (!bound) await bindIdentity(ctx, user.id, provider, profile, email.data);
  await startSession(ctx, user.id);
  return state.nextPath;
}
