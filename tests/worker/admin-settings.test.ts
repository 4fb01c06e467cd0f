import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { seedUser } from "./support/seed.ts";

async function signedIn(role: "admin" | "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

// The words and where they point; the rule and figures each issue also carries are tested in auth.test.ts.
const plain = (issues: { path: string; message: string }[] | undefined) => issues?.map(({ path, message }) => ({ path, message }));

describe("admin mail settings", () => {
  it("shows the fallback domain and contract defaults until something is stored", async () => {
    const { trpc } = await signedIn("admin");
    const settings = await trpc.admin.settings.get.query();
    expect(settings.domains).toEqual({ domains: ["mail.localhost"], defaultDomain: "mail.localhost", roleAccess: { admin: ["mail.localhost"], user: ["mail.localhost"] } });
    expect(settings.defaults).toEqual({ mailboxCap: 20, retentionDays: 7, outboundDailyQuota: 20, apiDailyQuota: 1000, attachmentMaxBytes: 10 * 1024 * 1024, aiFallbackDaily: 20, storageCapBytes: 500_000_000, dmarcFailurePolicy: "accept" });
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

  it("takes one host name per entry, reports every bad one with its index in plain words, and stores nothing then", async () => {
    const { trpc } = await signedIn("admin");
    const before = (await trpc.admin.settings.get.query()).domains;
    const lines: [string, string][] = [
      ["bad..dots.com", "Dots cannot come first, last or twice in a row"],
      ["http://x.example.com/", "Leave out http:// — enter only the domain name"],
      ["-x-.example.com", "A part between dots cannot start or end with a hyphen"],
      ["not a domain", "Put one domain on each line, without spaces"],
      ["localhost", "localhost cannot receive mail from the internet; enter a real domain"],
      ["intranet", "Enter a full domain name with a dot, such as mail.example.com"],
      ["x.example.com:25", "Leave out the port — enter only the domain name"],
      ["x.example.com/inbox", "Leave out the path — enter only the domain name"],
      [`${"a".repeat(64)}.example.com`, "Each part between dots can have at most 63 characters"],
      ["under_score.example.com", "Use only letters, digits, hyphens and dots"],
      ["10.0.0.1", "Enter a domain name, not an IP address"],
      ["me@example.com", "Enter a domain name, not an e-mail address"],
      [".example.com", "Dots cannot come first, last or twice in a row"],
    ];
    const domains = ["good.example", ...lines.map(([line]) => line)];
    const bad = await appError(trpc.admin.settings.setDomains.mutate({ domains, defaultDomain: "good.example", roleAccess: { admin: [], user: [] } }));
    expect(bad.appCode).toBe("validation_failed");
    expect(plain(bad.issues)).toEqual(lines.map(([, message], i) => ({ path: `domains.${i + 1}`, message })));
    // Each names its rule, so the web app words it in the reader's language.
    expect(bad.issues?.slice(0, 2).map((i) => i.rule)).toEqual(["hostname_dots", "hostname_scheme"]);
    expect((await trpc.admin.settings.get.query()).domains).toEqual(before);
  });

  it("stores international domain names in punycode", async () => {
    const { trpc } = await signedIn("admin");
    const saved = await trpc.admin.settings.setDomains.mutate({ domains: ["Mail.Bücher.example", "good.example"], defaultDomain: "mail.bücher.example", roleAccess: { admin: [], user: ["mail.bücher.example"] } });
    expect(saved.domains).toEqual(["mail.xn--bcher-kva.example", "good.example"]);
    expect(saved.roleAccess.user).toEqual(["mail.xn--bcher-kva.example"]);
    expect(saved.defaultDomain).toBe("mail.xn--bcher-kva.example");
    expect(plain((await appError(trpc.admin.settings.setDomains.mutate({ domains: ["good.example"], defaultDomain: "good.example", roleAccess: { admin: [], user: ["邮件.例子.example"] } }))).issues)).toEqual([
      { path: "roleAccess.user.0", message: "Must be one of the domains above" },
    ]);
    await trpc.admin.settings.setDomains.mutate({ domains: ["mail.localhost"], defaultDomain: "mail.localhost", roleAccess: { admin: ["mail.localhost"], user: ["mail.localhost"] } });
  });

  it("explains bad business defaults in plain words", async () => {
    const { trpc } = await signedIn("admin");
    const issues = async (patch: Record<string, number>) => plain((await appError(trpc.admin.settings.setDefaults.mutate(patch))).issues);
    expect(await issues({ retentionDays: -3 })).toEqual([{ path: "retentionDays", message: "Enter at least 1 day" }]);
    expect(await issues({ retentionDays: 1.5 })).toEqual([{ path: "retentionDays", message: "Enter a whole number" }]);
    expect(await issues({ mailboxCap: -1, attachmentMaxBytes: 26 * 1024 * 1024 })).toEqual([
      { path: "mailboxCap", message: "Enter at least 0 mailboxes" },
      { path: "attachmentMaxBytes", message: "Enter at most 25 MiB" },
    ]);
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
