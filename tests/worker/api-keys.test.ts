import { setUserFeatures } from "@mailroom/api";
import { apiKeys, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiQuotaExceeded, chargeApiCall } from "../../packages/api/src/services/api-keys/index.ts";
import { keyOwner, v1, type ErrorBody } from "./support/api-keys.ts";
import { callWorker } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { db, seedUser } from "./support/seed.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

/** A tRPC query made over HTTP with headers of the test's choosing. */
function trpcGet(procedure: string, headers: Record<string, string>) {
  return callWorker(`/api/trpc/${procedure}`, { headers });
}

describe("API keys", () => {
  it("are shown once as mr_ + 256 bits, stored hashed, listed by prefix, and revoked at once", async () => {
    const { trpc, key, keyId } = await keyOwner();
    expect(key).toMatch(/^mr_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row?.keyHash).not.toContain(key.slice(3));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await trpc.apiKeys.list.query();
    expect(list).toEqual([expect.objectContaining({ id: keyId, name: "script", prefix: key.slice(0, 8), lastUsedAt: null, expiresAt: null })]);
    expect(JSON.stringify(list)).not.toContain(key);

    expect((await v1("/mailboxes", key)).status).toBe(200);
    expect((await trpc.apiKeys.list.query())[0]?.lastUsedAt).toBeInstanceOf(Date);
    expect(await trpc.apiKeys.revoke.mutate({ id: keyId })).toEqual({ ok: true });
    const refused = await v1("/mailboxes", key);
    expect(refused.status).toBe(401);
    expect((await refused.json<ErrorBody>()).error.code).toBe("unauthorized");
    expect(await trpc.apiKeys.list.query()).toEqual([]);
    expect((await appError(trpc.apiKeys.revoke.mutate({ id: keyId }))).appCode).toBe("not_found");
  });

  it("refuses unknown, malformed, expired keys and keys of disabled users with 401", async () => {
    const { trpc, user } = await keyOwner();
    const expiring = await trpc.apiKeys.create.mutate({ name: "short", expiresInDays: 1 });
    expect((await v1("/mailboxes", expiring.key)).status).toBe(200);
    await db().update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expiring.id));
    for (const key of [expiring.key, `mr_${"A".repeat(43)}`, "mr_short", "not-a-key"]) {
      const res = await v1("/mailboxes", key);
      expect(res.status, key).toBe(401);
      expect(res.headers.get("X-Request-Id")).toBe((await res.json<ErrorBody>()).error.requestId);
    }
    expect((await v1("/mailboxes", undefined)).status).toBe(401);
    const second = await trpc.apiKeys.create.mutate({ name: "other" });
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await v1("/mailboxes", second.key)).status).toBe(401);
  });

  it("acts as the owner on tRPC, where the key decides over a cookie, but never on admin.* or apiKeys.*", async () => {
    const admin = await keyOwner({ role: "admin" });
    const bearer = { Authorization: `Bearer ${admin.key}`, "cf-connecting-ip": admin.ip };
    const me = await trpcGet("auth.me", bearer);
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(admin.user.email);
    for (const procedure of ["admin.users.list", "apiKeys.list"]) {
      const res = await trpcGet(procedure, bearer);
      expect(res.status, procedure).toBe(403);
      expect(JSON.stringify(await res.json())).toContain('"appCode":"forbidden"');
    }
    // A wrong key with a valid admin cookie: the key decides, so nobody is signed in.
    const res = await trpcGet("auth.me", { Authorization: `Bearer mr_${"B".repeat(43)}`, Cookie: `app_session=${admin.state.cookie ?? ""}` });
    expect(res.status).toBe(401);
    // The cookie alone still works for the admin procedures.
    expect((await trpcGet("admin.users.list", { Cookie: `app_session=${admin.state.cookie ?? ""}` })).status).toBe(200);
    // And a session-only call does not open the REST API.
    expect((await callWorker("/api/v1/mailboxes", { headers: { Cookie: `app_session=${admin.state.cookie ?? ""}` } })).status).toBe(401);
  });

  it("needs no Origin with a key and no cookie; a foreign Origin with a cookie is still refused", async () => {
    const { key, state } = await keyOwner();
    const foreign = { Origin: "https://evil.example", Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
    const created = await callWorker("/api/v1/mailboxes", { method: "POST", headers: foreign, body: "{}" });
    expect(created.status).toBe(201);
    const withCookie = await callWorker("/api/v1/mailboxes", { method: "POST", headers: { ...foreign, Cookie: `app_session=${state.cookie ?? ""}` }, body: "{}" });
    expect(withCookie.status).toBe(403);
    expect((await withCookie.json<ErrorBody>()).error.code).toBe("forbidden");
    // Not a Bearer key (another scheme) is no exemption either.
    const basic = await callWorker("/api/v1/mailboxes", { method: "POST", headers: { ...foreign, Authorization: "Basic dXNlcjpwYXNz" }, body: "{}" });
    expect(basic.status).toBe(403);
  });

  it("key management needs a session: keys are capped per user and names are validated", async () => {
    const client = createClient();
    expect((await appError(client.trpc.apiKeys.list.query())).appCode).toBe("unauthorized");
    const { trpc } = await keyOwner();
    expect((await appError(trpc.apiKeys.create.mutate({ name: "  " }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.apiKeys.create.mutate({ name: "x", expiresInDays: 0 }))).appCode).toBe("validation_failed");
    await Promise.all(Array.from({ length: 25 }, (_, i) => trpc.apiKeys.create.mutate({ name: `k${i}` }).catch(() => null)));
    expect(await trpc.apiKeys.list.query()).toHaveLength(20);
  });
});

describe("API-call quota", () => {
  it("with a quota of 5, ten concurrent calls give exactly 5 answers and 5 × 429 quota_exceeded", async () => {
    const { trpc, key, user } = await keyOwner();
    await setUserFeatures(serviceContext(), user.id, { apiDailyQuota: 5 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => v1("/mailboxes", key)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    for (const res of answers) {
      expect(res.headers.get("RateLimit-Limit")).toBe("5");
      expect(Number(res.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      if (res.status === 429) {
        expect((await res.json<ErrorBody>()).error.code).toBe("quota_exceeded");
        expect(res.headers.get("Retry-After")).toBe(res.headers.get("RateLimit-Reset"));
        expect(res.headers.get("RateLimit-Remaining")).toBe("0");
      }
    }
    expect(answers.filter((r) => r.status === 200).map((r) => r.headers.get("RateLimit-Remaining")).sort()).toEqual(["0", "1", "2", "3", "4"]);
    expect(await trpc.apiKeys.usage.query()).toEqual({ usedToday: 5, quota: 5 });
    // Session calls do not count.
    expect(await trpc.apiKeys.usage.query()).toEqual({ usedToday: 5, quota: 5 });
  });

  it("answers Retry-After in seconds to the next UTC midnight, at a controlled clock", async () => {
    const user = await seedUser();
    const clock = fixedClock(Date.parse("2026-03-01T23:58:20.250Z"));
    const ctx = serviceContext({ clock });
    await setUserFeatures(ctx, user.id, { apiDailyQuota: 1 });
    expect(await chargeApiCall(ctx, user.id)).toEqual({ allowed: true, limit: 1, remaining: 0, reset: 100 });
    const over = await chargeApiCall(ctx, user.id);
    expect(over).toMatchObject({ allowed: false, remaining: 0, reset: 100 });
    expect(apiQuotaExceeded(over)).toMatchObject({ appCode: "quota_exceeded", status: 429, retryAfter: 100 });
    clock.set(Date.parse("2026-03-02T00:00:00.000Z"));
    expect(await chargeApiCall(ctx, user.id)).toEqual({ allowed: true, limit: 1, remaining: 0, reset: 86_400 });
  });

  it("falls back to the business default and shows usage to admins", async () => {
    const admin = await keyOwner({ role: "admin" });
    const { key, user } = await keyOwner();
    await v1("/mailboxes", key);
    const res = await v1("/mailboxes", key);
    expect(res.headers.get("RateLimit-Limit")).toBe("1000");
    expect(res.headers.get("RateLimit-Remaining")).toBe("998");
    const page = await admin.trpc.admin.users.list.query({ query: user.email });
    expect(page.items[0]?.api).toEqual({ usedToday: 2, quota: 1000 });
  });
});
