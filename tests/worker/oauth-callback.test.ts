import { oauthIdentities, oauthPendingLogins, oauthStates, sessions, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient } from "./support/client.ts";
import { callback, fakeRequests, login, startLogin, ticketOf, uniqueTag, type Provider } from "./support/oauth.ts";
import { codehostEmail, forumEmail } from "./support/oauth-scenarios.ts";
import { db, seedUser } from "./support/seed.ts";

const stateInvalid = "/login?oauth_error=state_invalid";
const providerError = "/login?oauth_error=provider_error";

async function signedInAs(cookie: string | undefined) {
  const client = createClient();
  client.state.cookie = cookie;
  return client.trpc.auth.session.query();
}

async function identitiesOf(userId: string) {
  return db().select().from(oauthIdentities).where(eq(oauthIdentities.userId, userId));
}

describe("callback: the OAuth state", () => {
  it("is consumed by a valid callback (the row is gone)", async () => {
    const tag = uniqueTag();
    const user = await seedUser({ email: codehostEmail(tag, "primary") });
    const { state } = await startLogin("codehost", "/next-page");
    const result = await callback("codehost", { code: `primary-verified~${tag}`, state });
    expect(result.response.status).toBe(302);
    expect(result.location).toBe("/next-page");
    expect(await db().select().from(oauthStates).where(eq(oauthStates.id, state))).toHaveLength(0);
    expect((await signedInAs(result.cookie))?.id).toBe(user.id);
  });

  it("is bound to the browser that started it: without the oauth_binding cookie it is invalid, and used up", async () => {
    const tag = uniqueTag();
    await seedUser({ email: codehostEmail(tag, "primary") });
    const { state } = await startLogin("codehost", "/next-page");
    const elsewhere = await callback("codehost", { code: `primary-verified~${tag}`, state }, { binding: null });
    expect(elsewhere.location).toBe(stateInvalid);
    expect(elsewhere.cookie).toBeUndefined();
    expect(await db().select().from(oauthStates).where(eq(oauthStates.id, state))).toHaveLength(0);
    // The browser that started it comes too late: the state is gone.
    expect((await callback("codehost", { code: `primary-verified~${tag}`, state })).location).toBe(stateInvalid);
  });

  it("is invalid with another browser's binding cookie (login CSRF), and used up", async () => {
    const tag = uniqueTag();
    await seedUser({ email: forumEmail(tag) });
    const attacker = await startLogin("forum");
    const victim = await startLogin("forum");
    const result = await callback("forum", { code: `sub~${tag}`, state: attacker.state }, { binding: victim.binding ?? "" });
    expect(result.location).toBe(stateInvalid);
    expect(result.cookie).toBeUndefined();
    expect(await db().select().from(oauthStates).where(eq(oauthStates.id, attacker.state))).toHaveLength(0);
  });

  it("expires the binding cookie once used", async () => {
    const tag = uniqueTag();
    await seedUser({ email: forumEmail(tag) });
    const { state } = await startLogin("forum");
    const result = await callback("forum", { code: `sub~${tag}`, state });
    expect(result.location).toBe("/dashboard");
    expect(result.response.headers.getSetCookie()).toContain("oauth_binding=; Path=/api/auth/oauth; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  });

  it("cannot be used twice", async () => {
    const tag = uniqueTag();
    await seedUser({ email: codehostEmail(tag, "primary") });
    const { state } = await startLogin("codehost");
    expect((await callback("codehost", { code: `primary-verified~${tag}`, state })).location).toBe("/dashboard");
    const again = await callback("codehost", { code: `primary-verified~${tag}`, state });
    expect(again.location).toBe(stateInvalid);
    expect(again.cookie).toBeUndefined();
  });

  it("is tied to its provider: a codehost state is invalid at the forum callback", async () => {
    const { state } = await startLogin("codehost");
    const result = await callback("forum", { code: "sub~1", state });
    expect(result.location).toBe(stateInvalid);
    // The failed cross-provider attempt did not use the state up for its own provider.
    expect(await db().select().from(oauthStates).where(eq(oauthStates.id, state))).toHaveLength(1);
  });

  it("expires after 10 minutes", async () => {
    const { state } = await startLogin("forum");
    await db().update(oauthStates).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oauthStates.id, state));
    expect((await callback("forum", { code: `sub~${uniqueTag()}`, state })).location).toBe(stateInvalid);
  });

  it("is still valid just before it expires", async () => {
    const { state } = await startLogin("forum");
    await db().update(oauthStates).set({ expiresAt: new Date(Date.now() + 2000) }).where(eq(oauthStates.id, state));
    expect((await callback("forum", { code: `sub~${uniqueTag()}`, state })).location).toMatch(/^\/login\?oauth=invite&/);
  });

  it.each([
    ["unknown", { code: "sub~1", state: "no-such-state" }],
    ["missing", { code: "sub~1" }],
    ["absurdly long", { code: "sub~1", state: "x".repeat(5000) }],
  ])("is invalid when %s, and the provider is never called", async (_name, params) => {
    const before = (await fakeRequests("forum")).length;
    const result = await callback("forum", params);
    expect(result.response.status).toBe(302);
    expect(result.location).toBe(stateInvalid);
    expect((await fakeRequests("forum")).length).toBe(before);
  });

  it("lets exactly one of 8 concurrent callbacks with one state win", async () => {
    const tag = uniqueTag();
    await seedUser({ email: forumEmail(tag) });
    const { state } = await startLogin("forum");
    const results = await Promise.all(Array.from({ length: 8 }, () => callback("forum", { code: `sub~${tag}`, state })));
    expect(results.filter((r) => r.location === "/dashboard")).toHaveLength(1);
    expect(results.filter((r) => r.location === stateInvalid)).toHaveLength(7);
    expect(results.filter((r) => r.cookie)).toHaveLength(1);
  });
});

describe("callback: token exchange and provider failures", () => {
  it("codehost: exchanges the code with client credentials, redirect_uri and the PKCE verifier, then reads /user and /user/emails", async () => {
    const tag = uniqueTag();
    const { state } = await startLogin("codehost");
    const [stored] = await db().select().from(oauthStates).where(eq(oauthStates.id, state));
    await callback("codehost", { code: `primary-verified~${tag}`, state });
    const log = await fakeRequests("codehost");
    const exchange = log.find((r) => r.path === "/login/oauth/access_token" && r.body.includes(tag));
    expect(exchange?.method).toBe("POST");
    expect(exchange?.headers.accept).toBe("application/json");
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      client_id: "codehost-client-id",
      client_secret: "codehost-client-secret",
      code: `primary-verified~${tag}`,
      redirect_uri: "https://mail.example.test/api/auth/oauth/codehost/callback",
      code_verifier: stored?.codeVerifier,
    });
    for (const path of ["/user", "/user/emails"]) {
      const call = log.find((r) => r.path === path && r.headers.authorization === `Bearer tok_primary-verified~${tag}`);
      expect(call?.headers.accept).toBe("application/vnd.github+json");
      expect(call?.headers["user-agent"]).toBeTruthy();
    }
  });

  it("forum: exchanges the code form-encoded with grant_type, client authentication and the verifier, then reads user info", async () => {
    const tag = uniqueTag();
    const { state } = await startLogin("forum");
    const [stored] = await db().select().from(oauthStates).where(eq(oauthStates.id, state));
    await callback("forum", { code: `sub~${tag}`, state });
    const log = await fakeRequests("forum");
    const exchange = log.find((r) => r.path === "/oauth2/token" && r.body.includes(tag));
    expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(exchange?.headers.authorization).toBe(`Basic ${btoa("forum-client-id:forum-client-secret")}`);
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      grant_type: "authorization_code",
      code: `sub~${tag}`,
      redirect_uri: "https://mail.example.test/api/auth/oauth/forum/callback",
      client_id: "forum-client-id",
      code_verifier: stored?.codeVerifier,
    });
    expect(log.some((r) => r.path === "/api/user" && r.headers.authorization === `Bearer tok_sub~${tag}`)).toBe(true);
  });

  it.each([
    ["codehost", "token-fails"],
    ["codehost", "token-error"],
    ["codehost", "token-garbage"],
    ["codehost", "user-fails"],
    ["codehost", "emails-fails"],
    ["codehost", "emails-garbage"],
    ["forum", "token-fails"],
    ["forum", "token-garbage"],
    ["forum", "userinfo-fails"],
    ["forum", "userinfo-garbage"],
    ["forum", "no-id"],
  ] as const)("%s %s → provider_error, no ticket, no session", async (provider, scenario) => {
    const tag = uniqueTag();
    const result = await login(provider, `${scenario}~${tag}`);
    expect(result.location).toBe(providerError);
    expect(result.cookie).toBeUndefined();
    expect(await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.providerUserId, provider === "forum" ? `f-${tag}` : tag))).toHaveLength(0);
  });

  it("treats error=access_denied from the provider as provider_error and uses the state up", async () => {
    const { state } = await startLogin("codehost");
    expect((await callback("codehost", { error: "access_denied", state })).location).toBe(providerError);
    expect((await callback("codehost", { code: "primary-verified~1", state })).location).toBe(stateInvalid);
  });

  it("treats a callback without a code as provider_error", async () => {
    const { state } = await startLogin("forum");
    expect((await callback("forum", { state })).location).toBe(providerError);
  });
});

describe("callback: codehost e-mail resolution", () => {
  it.each([
    ["primary-verified", "primary"],
    ["any-verified", "verified"],
    ["public-only", "public"],
  ])("%s → the %s address", async (scenario, kind) => {
    const tag = uniqueTag();
    const result = await login("codehost", `${scenario}~${tag}`);
    const [ticket] = await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.id, ticketOf(result.location)));
    expect(ticket?.email).toBe(codehostEmail(tag, kind));
  });

  it.each(["unverified-only", "no-email"])("%s → email_unavailable: no ticket, no invite prompt", async (scenario) => {
    const tag = uniqueTag();
    const result = await login("codehost", `${scenario}~${tag}`);
    expect(result.location).toBe("/login?oauth_error=email_unavailable");
    expect(await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.providerUserId, tag))).toHaveLength(0);
  });
});

describe("callback: forum profile", () => {
  it.each([
    ["sub", (tag: string) => `f-${tag}`],
    ["id", (tag: string) => tag],
    ["sub-and-id", (tag: string) => `f-${tag}`],
  ])("takes the stable id from %s", async (scenario, expectedId) => {
    const tag = uniqueTag();
    const result = await login("forum", `${scenario}~${tag}`);
    const [ticket] = await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.id, ticketOf(result.location)));
    expect(ticket).toMatchObject({ provider: "forum", providerUserId: expectedId(tag), email: forumEmail(tag) });
  });

  it("requires an e-mail: forum_email_required", async () => {
    const result = await login("forum", `no-email~${uniqueTag()}`);
    expect(result.location).toBe("/login?oauth_error=forum_email_required");
    expect(result.cookie).toBeUndefined();
  });
});

describe("callback: users", () => {
  it("logs an existing user in (e-mail matched case-insensitively), binds the identity and goes to next", async () => {
    const tag = uniqueTag();
    const user = await seedUser({ email: codehostEmail(tag, "primary") });
    await db().update(users).set({ email: codehostEmail(tag, "PRIMARY").toUpperCase() }).where(eq(users.id, user.id));
    const result = await login("codehost", `primary-verified~${tag}`, "/messages?id=7");
    expect(result.location).toBe("/messages?id=7");
    expect((await signedInAs(result.cookie))?.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toMatchObject([
      { provider: "codehost", providerUserId: tag, email: codehostEmail(tag, "primary"), login: `octo-${tag}`, name: `Octo ${tag}` },
    ]);
    // A second login does not bind twice.
    await login("codehost", `primary-verified~${tag}`);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    expect(await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.providerUserId, tag))).toHaveLength(0);
  });

  it("logs the bound user in even when the provider e-mail changed", async () => {
    const tag = uniqueTag();
    const user = await seedUser({ email: forumEmail(tag) });
    await login("forum", `sub~${tag}`);
    const result = await login("forum", `changed-email~${tag}`, "/account");
    expect(result.location).toBe("/account");
    expect((await signedInAs(result.cookie))?.id).toBe(user.id);
    expect((await identitiesOf(user.id))[0]?.email).toBe(forumEmail(tag, "changed"));
  });

  it("refuses a disabled user: account_disabled, no session, no binding", async () => {
    const tag = uniqueTag();
    const user = await seedUser({ email: codehostEmail(tag, "primary"), disabled: true });
    const before = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const result = await login("codehost", `primary-verified~${tag}`);
    expect(result.location).toBe("/login?oauth_error=account_disabled");
    expect(result.cookie).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before.length);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });

  it("gives a new user a 15-minute ticket and the invite prompt, with no user and no session", async () => {
    const tag = uniqueTag();
    const usersBefore = (await db().select().from(users)).length;
    const before = Date.now();
    const result = await login("codehost", `primary-verified~${tag}`, "/messages");
    const url = new URL(result.location, "https://x.test");
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("oauth")).toBe("invite");
    expect(url.searchParams.get("provider")).toBe("codehost");
    const ticketId = url.searchParams.get("ticket") ?? "";
    expect(ticketId.length).toBeGreaterThanOrEqual(22);
    const [ticket] = await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.id, ticketId));
    expect(ticket).toMatchObject({
      provider: "codehost",
      providerUserId: tag,
      email: codehostEmail(tag, "primary"),
      name: `Octo ${tag}`,
      login: `octo-${tag}`,
      nextPath: "/messages",
      failedAttempts: 0,
      consumedAt: null,
    });
    const lifetime = (ticket?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(15 * 60 * 1000 - 5000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    expect(result.cookie).toBeUndefined();
    expect(await db().select().from(users)).toHaveLength(usersBefore);
  });

  it.each(["codehost", "forum"] as Provider[])("%s: a provider without configuration at callback time goes back to the login page", async (provider) => {
    const { state } = await startLogin(provider);
    const result = await callback(provider, { code: "x~1", state }, { overrides: {} });
    expect(result.location).toBe("/login?oauth_error=provider_not_configured");
  });
});
