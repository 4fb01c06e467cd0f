import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { seedUser } from "./support/seed.ts";

async function signedIn(role: "admin" | "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

describe("admin mail settings", () => {
  it("shows the fallback domain and contract defaults until something is stored", async () => {
    const { trpc } = await signedIn("admin");
    const settings = await trpc.admin.settings.get.query();
    expect(settings.domains).toEqual({ domains: ["mail.localhost"], defaultDomain: "mail.localhost", roleAccess: { admin: ["mail.localhost"], user: ["mail.localhost"] } });
    expect(settings.defaults).toEqual({ mailboxCap: 20, retentionDays: 7, outboundDailyQuota: 20, apiDailyQuota: 1000, attachmentMaxBytes: 10 * 1024 * 1024, aiFallbackDaily: 20 });
  });

  it("stores domains and defaults, validating them with field errors", async () => {
    const { trpc } = await signedIn("admin");
    const member = await signedIn("user");
    await trpc.admin.settings.setDomains.mutate({ domains: ["Mail.Example.com", "other.example"], defaultDomain: "mail.example.com", roleAccess: { admin: ["mail.example.com", "other.example"], user: ["mail.example.com"] } });
    expect(await member.trpc.mailboxes.domains.query()).toEqual({ domains: ["mail.example.com"], defaultDomain: "mail.example.com" });
    const bad = await appError(trpc.admin.settings.setDomains.mutate({ domains: ["a.example"], defaultDomain: "b.example", roleAccess: { admin: [], user: [] } }));
    expect(bad.appCode).toBe("validation_failed");
    expect(bad.issues?.map((i) => i.path)).toContain("defaultDomain");

    expect((await trpc.admin.settings.setDefaults.mutate({ retentionDays: 30 })).retentionDays).toBe(30);
    expect((await trpc.admin.settings.get.query()).defaults.retentionDays).toBe(30);
    expect((await appError(trpc.admin.settings.setDefaults.mutate({ retentionDays: 0 }))).appCode).toBe("validation_failed");
    expect((await appError(member.trpc.admin.settings.get.query())).appCode).toBe("forbidden");
  });

  it("sets per-user switches and the outbound quota override", async () => {
    const { trpc } = await signedIn("admin");
    const member = await signedIn("user");
    expect(await trpc.admin.features.get.query({ userId: member.user.id })).toEqual({ aiFallback: true, messenger: true, outbound: true, mailboxCreation: true, outboundDailyQuota: null, apiDailyQuota: null });
    await trpc.admin.features.set.mutate({ userId: member.user.id, mailboxCreation: false, outboundDailyQuota: 5, apiDailyQuota: 50 });
    expect(await trpc.admin.features.get.query({ userId: member.user.id })).toMatchObject({ mailboxCreation: false, outboundDailyQuota: 5, apiDailyQuota: 50, aiFallback: true });
    expect((await appError(member.trpc.mailboxes.create.mutate({}))).appCode).toBe("feature_disabled");
    await trpc.admin.features.set.mutate({ userId: member.user.id, mailboxCreation: true, outboundDailyQuota: null, apiDailyQuota: null });
    expect((await member.trpc.mailboxes.create.mutate({})).address).toContain("@");
    expect((await appError(trpc.admin.features.set.mutate({ userId: "nobody", messenger: false }))).appCode).toBe("not_found");
    expect((await appError(member.trpc.admin.features.set.mutate({ userId: member.user.id, mailboxCreation: true }))).appCode).toBe("forbidden");
  });
});
