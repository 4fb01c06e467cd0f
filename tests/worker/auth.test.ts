import { hashInviteCode } from "@mailroom/api";
import { inviteCodes, sessions, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { db, seedInvite, seedUser } from "./support/seed.ts";

const password = "a long enough password";

describe("auth.register", () => {
  it("creates the account, signs it in and records the invite use", async () => {
    const code = await seedInvite();
    const { trpc, state } = createClient();
    const { user } = await trpc.auth.register.mutate({ email: "  New.User@Example.COM ", password, inviteCode: code.toLowerCase() });
    expect(user).toMatchObject({ email: "new.user@example.com", role: "user" });
    expect(state.cookie).toBeDefined();
    expect(await trpc.auth.me.query()).toMatchObject({ id: user.id, email: "new.user@example.com" });
  });

  it("hands out 20-character codes (99 bits) and ignores dashes, spaces and case when one is typed", async () => {
    const code = await seedInvite();
    expect(code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    const typed = ` ${code.replace(/-/g, "").toLowerCase().replace(/(.{5})/g, "$1 ")} `;
    const { user } = await createClient().trpc.auth.register.mutate({ email: "typed-code@example.com", password, inviteCode: typed });
    expect(user.email).toBe("typed-code@example.com");
  });

  it("still accepts a 12-character code from before the longer codes", async () => {
    const now = new Date();
    await db().insert(inviteCodes).values({ id: crypto.randomUUID(), codeHash: await hashInviteCode("K7QM-3XPA-W9RT"), codeHint: "K7", maxUses: 2, createdAt: now });
    for (const [email, inviteCode] of [["old-code-1@example.com", "K7QM-3XPA-W9RT"], ["old-code-2@example.com", "k7qm3xpaw9rt"]]) {
      const { user } = await createClient().trpc.auth.register.mutate({ email: email ?? "", password, inviteCode: inviteCode ?? "" });
      expect(user.email).toBe(email);
    }
  });

  it("gives the invite's role to the new account", async () => {
    const code = await seedInvite({ role: "admin" });
    const { trpc } = createClient();
    const { user } = await trpc.auth.register.mutate({ email: "second-admin@example.com", password, inviteCode: code });
    expect(user.role).toBe("admin");
  });

  it.each([
    ["missing", () => Promise.resolve(""), "validation_failed", "Enter your invite code"],
    ["unknown", () => Promise.resolve("ZZZZ-ZZZZ-ZZZZ"), "invite_code_invalid", "This invite code is not valid"],
    ["expired", () => seedInvite({ expiresAt: new Date(Date.now() - 1000) }), "invite_code_invalid", "This invite code has expired"],
    ["disabled", () => seedInvite({ disabled: true }), "invite_code_invalid", "This invite code has been disabled"],
  ])("refuses a %s invite code", async (_name, makeCode, appCode, message) => {
    const { trpc } = createClient();
    const error = await appError(trpc.auth.register.mutate({ email: `${crypto.randomUUID()}@example.com`, password, inviteCode: await makeCode() }));
    expect(error.appCode).toBe(appCode);
    expect(error.httpStatus).toBe(400);
    expect(error.issues?.find((i) => i.path === "inviteCode")?.message).toBe(message);
  });

  it("refuses a used-up invite code and creates no account", async () => {
    const code = await seedInvite();
    await createClient().trpc.auth.register.mutate({ email: "first@example.com", password, inviteCode: code });
    const error = await appError(createClient().trpc.auth.register.mutate({ email: "second@example.com", password, inviteCode: code }));
    expect(error).toMatchObject({ appCode: "invite_code_invalid", message: "This invite code has already been used" });
    expect(await db().select().from(users).where(eq(users.email, "second@example.com"))).toHaveLength(0);
  });

  it("admits exactly one account when five people race for one single-use code", async () => {
    const code = await seedInvite();
    const emails = Array.from({ length: 5 }, (_, i) => `racer${i}@example.com`);
    const results = await Promise.allSettled(
      emails.map((email) => createClient().trpc.auth.register.mutate({ email, password, inviteCode: code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const created = await db().select({ email: users.email }).from(users);
    expect(created.filter((u) => emails.includes(u.email))).toHaveLength(1);
  });

  it("lets a multi-use code admit exactly its number of accounts under concurrency", async () => {
    const code = await seedInvite({ maxUses: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => createClient().trpc.auth.register.mutate({ email: `multi${i}@example.com`, password, inviteCode: code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
  });

  it("refuses an e-mail address that exists in another case, without using the invite", async () => {
    await seedUser({ email: "taken@example.com" });
    const code = await seedInvite();
    const error = await appError(createClient().trpc.auth.register.mutate({ email: "TAKEN@example.com", password, inviteCode: code }));
    expect(error).toMatchObject({ appCode: "conflict", httpStatus: 409 });
    const { trpc } = createClient();
    await expect(trpc.auth.register.mutate({ email: "free@example.com", password, inviteCode: code })).resolves.toBeDefined();
  });

  it("explains every invalid field with 400, never 500", async () => {
    const error = await appError(createClient().trpc.auth.register.mutate({ email: "not-an-email", password: "short", inviteCode: "x" }));
    expect(error.appCode).toBe("validation_failed");
    expect(error.httpStatus).toBe(400);
    expect(error.issues?.map((i) => i.path).sort()).toEqual(["email", "password"]);
    // Each issue names its rule and figures, so the web app can word it in the reader's language.
    expect(error.issues?.find((i) => i.path === "email")).toMatchObject({ rule: "invalid_format", params: { format: "email" } });
    expect(error.issues?.find((i) => i.path === "password")).toMatchObject({ rule: "too_small", params: { minimum: 8, origin: "string" } });
  });

  it("answers malformed bodies with 400", async () => {
    for (const body of ["{", "null", '{"json":{"email":1}}', "[]"]) {
      const res = await callWorker("/api/trpc/auth.register", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, body).toBe(400);
    }
  });
});

describe("auth.login", () => {
  it("signs in with the right password", async () => {
    const user = await seedUser();
    const { trpc, state } = createClient();
    const result = await trpc.auth.login.mutate({ email: user.email.toUpperCase(), password: user.password });
    expect(result.user.id).toBe(user.id);
    expect(state.cookie).toMatch(/^[\w-]{43}$/);
    const [stored] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored?.id).not.toBe(state.cookie);
  });

  it("says the same thing for a wrong password and an unknown e-mail", async () => {
    const user = await seedUser();
    const wrong = await appError(createClient().trpc.auth.login.mutate({ email: user.email, password: "wrong password" }));
    const unknown = await appError(createClient().trpc.auth.login.mutate({ email: "nobody@example.com", password: "wrong password" }));
    expect({ ...wrong, requestId: null }).toEqual({ ...unknown, requestId: null });
    expect(wrong).toMatchObject({ appCode: "unauthorized", httpStatus: 401, message: "The e-mail address or password is incorrect" });
  });

  it("refuses a disabled account", async () => {
    const user = await seedUser({ disabled: true });
    const error = await appError(createClient().trpc.auth.login.mutate({ email: user.email, password: user.password }));
    expect(error.appCode).toBe("forbidden");
  });
});

describe("sessions", () => {
  it("writes the cookie with exactly the contract's attributes locally", async () => {
    const user = await seedUser();
    const { trpc, state } = createClient();
    await trpc.auth.login.mutate({ email: user.email, password: user.password });
    const cookie = state.setCookies.at(-1) ?? "";
    expect(cookie).toMatch(/^app_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
  });

  it("adds Secure and Domain exactly when COOKIE_SECURE and COOKIE_DOMAIN are set", async () => {
    const user = await seedUser();
    const { trpc, state } = createClient({ overrides: { COOKIE_SECURE: "true", COOKIE_DOMAIN: ".example.com" } });
    await trpc.auth.login.mutate({ email: user.email, password: user.password });
    const attributes = (state.setCookies.at(-1) ?? "").split("; ").slice(1);
    expect(attributes.sort()).toEqual(["Domain=.example.com", "HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"].sort());
  });

  it("ends the session on logout and expires the cookie", async () => {
    const user = await seedUser();
    const { trpc, state } = createClient();
    await trpc.auth.login.mutate({ email: user.email, password: user.password });
    const token = state.cookie;
    await trpc.auth.logout.mutate();
    expect(state.setCookies.at(-1)).toMatch(/^app_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    state.cookie = token;
    expect((await appError(trpc.auth.me.query())).appCode).toBe("unauthorized");
  });

  it("stops a disabled user's session at once", async () => {
    const user = await seedUser();
    const { trpc } = createClient();
    await trpc.auth.login.mutate({ email: user.email, password: user.password });
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await appError(trpc.auth.me.query())).appCode).toBe("unauthorized");
    expect(await trpc.auth.session.query()).toBeNull();
  });

  it("refuses expired sessions and renews live ones (sliding expiry)", async () => {
    const user = await seedUser();
    const { trpc, state } = createClient();
    await trpc.auth.login.mutate({ email: user.email, password: user.password });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db().update(sessions).set({ lastSeenAt: twoDaysAgo, expiresAt: new Date(Date.now() + 28 * 86_400_000) }).where(eq(sessions.userId, user.id));
    const before = state.setCookies.length;
    await trpc.auth.me.query();
    expect(state.setCookies.length).toBe(before + 1);
    const [renewed] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await appError(trpc.auth.me.query())).appCode).toBe("unauthorized");
  });

  it("answers auth.me without a session with 401", async () => {
    const error = await appError(createClient().trpc.auth.me.query());
    expect(error).toMatchObject({ appCode: "unauthorized", httpStatus: 401 });
  });
});

describe("rate limits", () => {
  it("answers 429 rate_limited with Retry-After once a client address is over the limit", async () => {
    const ip = "198.51.100.77";
    const attempts = Array.from({ length: 12 }, () =>
      callWorker("/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        // A different e-mail each time, so the per-account limit stays out of it.
        body: JSON.stringify({ json: { email: `${crypto.randomUUID()}@example.com`, password: "x" } }),
      }),
    );
    const responses = [];
    for (const attempt of attempts) responses.push(await attempt);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers.get("Retry-After")).toBe("60");
    const body = await limited[0]?.json<{ error: { json: { data: { appCode: string } } } }>();
    expect(body?.error.json.data.appCode).toBe("rate_limited");
  });
});
