import { oauthStates } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { createClient } from "./support/client.ts";
import { callbackOrigin, freshIp, oauthOverrides, startLogin } from "./support/oauth.ts";
import { db } from "./support/seed.ts";

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function stateRow(id: string) {
  const [row] = await db().select().from(oauthStates).where(eq(oauthStates.id, id));
  return row;
}

describe("GET /api/auth/oauth/:provider/start", () => {
  it.each([
    ["codehost", "/login/oauth/authorize", "read:user user:email", "codehost-client-id"],
    ["forum", "/oauth2/authorize", "openid profile email", "forum-client-id"],
  ] as const)("sends %s's browser to the authorize page with PKCE (S256) and stores a 10-minute state", async (provider, path, scope, clientId) => {
    const before = Date.now();
    const { response, url, state } = await startLogin(provider, "/mailboxes?tab=new");
    expect(response.status).toBe(302);
    expect(url?.origin).toBe(inject("fakes")[provider]);
    expect(url?.pathname).toBe(path);
    const params = Object.fromEntries(url?.searchParams ?? []);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: clientId,
      redirect_uri: `${callbackOrigin}/api/auth/oauth/${provider}/callback`,
      scope,
      code_challenge_method: "S256",
    });
    expect(state.length).toBeGreaterThanOrEqual(22);
    const row = await stateRow(state);
    expect(row).toMatchObject({ provider, nextPath: "/mailboxes?tab=new" });
    expect(params.code_challenge).toBe(await s256(row?.codeVerifier ?? ""));
    expect(row?.codeVerifier.length).toBeGreaterThanOrEqual(43);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(10 * 60 * 1000 - 5000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);
  });

  it("binds the state to this browser: an oauth_binding cookie (≥ 128 bits) whose SHA-256 is stored with it", async () => {
    const a = await startLogin("codehost", "/x");
    const b = await startLogin("codehost", "/x");
    const cookie = a.response.headers.getSetCookie().find((h) => h.startsWith("oauth_binding="));
    expect(cookie).toBe(`oauth_binding=${a.binding ?? ""}; Path=/api/auth/oauth; HttpOnly; SameSite=Lax; Max-Age=600`);
    expect(a.binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.binding).not.toBe(a.binding);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(a.binding)));
    expect((await stateRow(a.state))?.bindingHash).toBe(Array.from(digest, (x) => x.toString(16).padStart(2, "0")).join(""));
  });

  it("sets the binding cookie Secure and with a Domain exactly as app_session is", async () => {
    const { response } = await startLogin("forum", "/x", { overrides: oauthOverrides({ COOKIE_SECURE: "true", COOKIE_DOMAIN: ".example.test" }) });
    const cookie = response.headers.getSetCookie().find((h) => h.startsWith("oauth_binding=")) ?? "";
    expect(cookie.split("; ").slice(1)).toEqual(["Path=/api/auth/oauth", "HttpOnly", "SameSite=Lax", "Max-Age=600", "Secure", "Domain=.example.test"]);
  });

  it("sets no binding cookie when it writes no state", async () => {
    const { response } = await startLogin("codehost", "/x", { overrides: oauthOverrides({ CODEHOST_OAUTH_CLIENT_ID: "" }) });
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie().some((h) => h.startsWith("oauth_binding="))).toBe(false);
  });

  it("passes the configured callback URL byte for byte", async () => {
    const callbackUrl = "https://mail.example.test:8443/api/auth/oauth/codehost/callback?x=1&y=%2F";
    const { url } = await startLogin("codehost", undefined, { overrides: oauthOverrides({ CODEHOST_OAUTH_CALLBACK_URL: callbackUrl }) });
    expect(url?.searchParams.get("redirect_uri")).toBe(callbackUrl);
  });

  it("creates a new, different state for every start", async () => {
    const a = await startLogin("forum");
    const b = await startLogin("forum");
    expect(a.state).not.toBe(b.state);
    expect(a.url?.searchParams.get("code_challenge")).not.toBe(b.url?.searchParams.get("code_challenge"));
  });

  it.each([
    ["absent", undefined, "/dashboard"],
    ["empty", "", "/dashboard"],
    ["an external URL", "https://evil.example/steal", "/dashboard"],
    ["protocol-relative", "//evil.example/x", "/dashboard"],
    ["slash-backslash", "/\\evil.example", "/dashboard"],
    ["a javascript: URL", "javascript:alert(1)", "/dashboard"],
    ["/login", "/login", "/dashboard"],
    ["/login with a query", "/login?next=/x", "/dashboard"],
    ["/register", "/register", "/dashboard"],
    ["/register/sub", "/register/x", "/dashboard"],
    ["a control character", "/a\nb", "/dashboard"],
    ["a valid path with a query", "/messages?mailbox=abc&page=2", "/messages?mailbox=abc&page=2"],
    ["a path that merely starts like login", "/loginhelp", "/loginhelp"],
  ])("stores next=%s as the right path", async (_name, next, expected) => {
    const { state } = await startLogin("codehost", next);
    expect((await stateRow(state))?.nextPath).toBe(expected);
  });

  it.each(["codehost", "forum"] as const)("answers 503 when %s lacks one of its three settings, and writes no state", async (provider) => {
    const prefix = provider.toUpperCase();
    for (const missing of ["CLIENT_ID", "CLIENT_SECRET", "CALLBACK_URL"]) {
      const before = await db().select().from(oauthStates);
      const { response } = await startLogin(provider, "/x", { overrides: oauthOverrides({ [`${prefix}_OAUTH_${missing}`]: "" }) });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: "oauth_provider_not_configured", message: "OAuth provider is not configured", requestId: response.headers.get("X-Request-Id") },
      });
      expect(await db().select().from(oauthStates)).toHaveLength(before.length);
    }
  });

  it("answers 404 oauth_provider_unknown for any other provider, on every route", async () => {
    for (const [path, init] of [
      ["/api/auth/oauth/gitlab/start", {}],
      ["/api/auth/oauth/CODEHOST/start", {}],
      ["/api/auth/oauth/gitlab/callback?code=a&state=b", {}],
      ["/api/auth/oauth/gitlab/finalize", { method: "POST", headers: { "content-type": "application/json" }, body: '{"ticket":"t","inviteCode":"c"}' }],
    ] as const) {
      const response = await callWorker(path, { ...init, headers: { ...("headers" in init ? init.headers : {}), "cf-connecting-ip": freshIp() } }, oauthOverrides());
      expect(response.status, path).toBe(404);
      expect((await response.json<{ error: { code: string } }>()).error.code).toBe("oauth_provider_unknown");
    }
  });

  it("refuses an absurdly long next with 400, not 500", async () => {
    const { response } = await startLogin("codehost", `/${"a".repeat(5000)}`);
    expect(response.status).toBe(400);
  });

  it("rate limits start per client address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await startLogin("codehost", "/x", { ip })).response.status);
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("auth.oauth.providers", () => {
  it("lists both providers with labels and whether each is enabled", async () => {
    const { trpc } = createClient({ overrides: oauthOverrides({ FORUM_OAUTH_CLIENT_SECRET: "", FORUM_OAUTH_LABEL: "Linux.do" }) });
    expect(await trpc.auth.oauth.providers.query()).toEqual([
      { id: "codehost", label: "GitHub", enabled: true },
      { id: "forum", label: "Linux.do", enabled: false },
    ]);
  });

  it("shows nothing enabled without settings", async () => {
    const { trpc } = createClient();
    expect((await trpc.auth.oauth.providers.query()).map((p) => p.enabled)).toEqual([false, false]);
  });
});
