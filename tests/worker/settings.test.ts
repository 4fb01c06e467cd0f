import { AppError, getBusinessDefaults, getDomainSettings, getUserFeatures, setBusinessDefaults, setDomainSettings, settingCacheKey } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import { systemSettings, userFeatures, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { serviceContext } from "./support/service-context.ts";

const db = createDb(env.DB);
const deps = serviceContext();
const builtIn = { mailboxCap: 20, retentionDays: 7, outboundDailyQuota: 20, apiDailyQuota: 1000, attachmentMaxBytes: 10 * 1024 * 1024, aiFallbackDaily: 20, storageCapBytes: 500_000_000, dmarcFailurePolicy: "accept" };
const domains = { domains: ["a.example", "b.example"], defaultDomain: "b.example", roleAccess: { admin: ["a.example", "b.example"], user: ["b.example"] } };

/** A KV namespace that fails every call, as during an outage. */
const brokenCache = new Proxy({} as KVNamespace, {
  get: () => () => Promise.reject(new Error("KV is down")),
});

async function storedValue(key: string): Promise<unknown> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return row ? JSON.parse(row.value) : undefined;
}

beforeEach(async () => {
  await db.delete(systemSettings);
  await env.CACHE.delete(settingCacheKey("business.defaults"));
  await env.CACHE.delete(settingCacheKey("mail.domains"));
});

describe("settings service", () => {
  it("answers the built-in defaults and the fallback domain when nothing is stored", async () => {
    expect(await getBusinessDefaults(deps)).toEqual(builtIn);
    expect(await getDomainSettings(deps)).toEqual({ domains: ["mail.localhost"], defaultDomain: "mail.localhost", roleAccess: { admin: ["mail.localhost"], user: ["mail.localhost"] } });
  });

  it("stores a change in the database and drops the cached copy, so the next read sees it", async () => {
    expect((await getBusinessDefaults(deps)).retentionDays).toBe(7);
    expect(await env.CACHE.get(settingCacheKey("business.defaults"))).not.toBeNull();

    const next = await setBusinessDefaults(deps, { retentionDays: 14, mailboxCap: 5 }, null);
    expect(next).toEqual({ ...builtIn, retentionDays: 14, mailboxCap: 5 });
    expect(await storedValue("business.defaults")).toEqual(next);
    expect(await env.CACHE.get(settingCacheKey("business.defaults"))).toBeNull();
    expect(await getBusinessDefaults(deps)).toEqual(next);

    // A second change keeps the fields it does not name.
    expect(await setBusinessDefaults(deps, { aiFallbackDaily: 3 }, null)).toEqual({ ...next, aiFallbackDaily: 3 });
  });

  it("reads from the cache while it holds a copy", async () => {
    await setDomainSettings(deps, domains, null);
    expect(await getDomainSettings(deps)).toEqual(domains);
    // A change that bypasses the service (and so the invalidation) stays unseen until the copy goes.
    await db.update(systemSettings).set({ value: JSON.stringify({ ...domains, defaultDomain: "a.example" }) }).where(eq(systemSettings.key, "mail.domains"));
    expect((await getDomainSettings(deps)).defaultDomain).toBe("b.example");
    await env.CACHE.delete(settingCacheKey("mail.domains"));
    expect((await getDomainSettings(deps)).defaultDomain).toBe("a.example");
  });

  it("replaces a stale copy on write, even one saying nothing is stored", async () => {
    expect(await getDomainSettings(deps)).toMatchObject({ defaultDomain: "mail.localhost" });
    await setDomainSettings(deps, domains, null);
    expect(await getDomainSettings(deps)).toEqual(domains);
  });

  it("ignores a cached copy it cannot use and reads the database", async () => {
    await setBusinessDefaults(deps, { retentionDays: 9 }, null);
    for (const junk of ["not json", JSON.stringify({ something: "else" }), JSON.stringify({ stored: { retentionDays: -4 } })]) {
      await env.CACHE.put(settingCacheKey("business.defaults"), junk);
      expect((await getBusinessDefaults(deps)).retentionDays).toBe(9);
    }
  });

  it("keeps working when the cache fails", async () => {
    const broken = serviceContext({ stores: { cache: brokenCache } });
    expect(await getBusinessDefaults(broken)).toEqual(builtIn);
    await setBusinessDefaults(broken, { apiDailyQuota: 50 }, null);
    expect((await getBusinessDefaults(broken)).apiDailyQuota).toBe(50);
    await setDomainSettings(broken, domains, null);
    expect(await getDomainSettings(broken)).toEqual(domains);
  });

  it("records who changed a setting", async () => {
    const now = new Date();
    await db.insert(users).values({ id: "admin-1", email: "admin@example.com", role: "admin", createdAt: now, updatedAt: now });
    await setDomainSettings(deps, domains, "admin-1");
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, "mail.domains"));
    expect(row?.updatedBy).toBe("admin-1");
  });

  it("refuses invalid values with validation_failed and keeps the old ones", async () => {
    const invalid: [() => Promise<unknown>, string][] = [
      [() => setBusinessDefaults(deps, { retentionDays: 0 }, null), "retentionDays"],
      [() => setBusinessDefaults(deps, { mailboxCap: 2.5 }, null), "mailboxCap"],
      [() => setBusinessDefaults(deps, { unknownKnob: 1 }, null), ""],
      [() => setBusinessDefaults(deps, "nope", null), ""],
      [() => setDomainSettings(deps, { ...domains, defaultDomain: "c.example" }, null), "defaultDomain"],
      [() => setDomainSettings(deps, { ...domains, roleAccess: { admin: [], user: ["z.example"] } }, null), "roleAccess.user.0"],
      [() => setDomainSettings(deps, { ...domains, domains: [] }, null), "domains"],
      [() => setDomainSettings(deps, { ...domains, domains: ["not a domain"] }, null), "domains.0"],
    ];
    for (const [attempt, path] of invalid) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).appCode).toBe("validation_failed");
      expect((error as AppError).issues?.map((i) => i.path)).toContain(path);
    }
    expect(await storedValue("business.defaults")).toBeUndefined();
    expect(await storedValue("mail.domains")).toBeUndefined();
  });

  it("normalizes domains to lower case without duplicates", async () => {
    const saved = await setDomainSettings(deps, { domains: ["Mail.Example", "mail.example"], defaultDomain: "MAIL.example", roleAccess: { admin: ["mail.example"], user: [] } }, null);
    expect(saved).toEqual({ domains: ["mail.example"], defaultDomain: "mail.example", roleAccess: { admin: ["mail.example"], user: [] } });
  });
});

describe("user features", () => {
  it("has every switch on and no override without a row, and the stored values with one", async () => {
    const now = new Date();
    await db.insert(users).values([
      { id: "plain", email: "plain@example.com", createdAt: now, updatedAt: now },
      { id: "tuned", email: "tuned@example.com", createdAt: now, updatedAt: now },
    ]);
    await db.insert(userFeatures).values({ userId: "tuned", aiFallback: false, outbound: false, outboundDailyQuota: 3, updatedAt: now });
    expect(await getUserFeatures(deps, "plain")).toEqual({ aiFallback: true, messenger: true, outbound: true, mailboxCreation: true, outboundDailyQuota: null, apiDailyQuota: null });
    expect(await getUserFeatures(deps, "tuned")).toEqual({ aiFallback: false, messenger: true, outbound: false, mailboxCreation: true, outboundDailyQuota: 3, apiDailyQuota: null });
  });
});
