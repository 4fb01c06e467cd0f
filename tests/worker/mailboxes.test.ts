import { setBusinessDefaults, setDomainSettings } from "@mailroom/api";
import { mailboxes, messages, systemSettings, userFeatures } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment } from "./support/email-message.ts";
import { db, seedUser } from "./support/seed.ts";
import { env } from "./support/call-worker.ts";
import { serviceContext } from "./support/service-context.ts";

async function signedIn(role: "admin" | "user" = "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

const deps = () => serviceContext();

/** Settings go through the real settings service, so its cache is invalidated as in production. */
async function resetSettings() {
  await db().delete(systemSettings);
  await setBusinessDefaults(deps(), {}, null);
  await setDomainSettings(deps(), { domains: ["mail.localhost"], defaultDomain: "mail.localhost", roleAccess: { admin: ["mail.localhost"], user: ["mail.localhost"] } }, null);
}

describe("mailboxes", () => {
  it("creates a random 10-character address on the fallback domain while no domain is stored", async () => {
    const { trpc } = await signedIn();
    expect(await trpc.mailboxes.domains.query()).toEqual({ domains: ["mail.localhost"], defaultDomain: "mail.localhost" });
    const box = await trpc.mailboxes.create.mutate({});
    expect(box.address).toMatch(/^[a-z0-9]{10}@mail\.localhost$/);
    expect((await trpc.mailboxes.list.query()).map((m) => m.address)).toEqual([box.address]);
  });

  it("accepts custom names under the rules and explains each refusal", async () => {
    const { trpc } = await signedIn();
    expect((await trpc.mailboxes.create.mutate({ localPart: "Shop.Alerts_2-x" })).address).toBe("shop.alerts_2-x@mail.localhost");
    const refusals: [string, string][] = [
      [".lead", "Dots cannot come first, last or twice in a row"],
      ["trail.", "Dots cannot come first, last or twice in a row"],
      ["dou..ble", "Dots cannot come first, last or twice in a row"],
      ["has space", "Use only letters, digits, dots, hyphens and underscores"],
      ["x".repeat(65), "Use at most 64 characters"],
      ["postmaster", "This name is reserved"],
      ["No-Reply", "This name is reserved"],
    ];
    for (const [localPart, message] of refusals) {
      const error = await appError(trpc.mailboxes.create.mutate({ localPart }));
      expect(error.appCode, localPart).toBe("validation_failed");
      expect(error.issues?.[0]?.message, localPart).toBe(message);
    }
  });

  it("keeps addresses unique case-insensitively across users", async () => {
    await (await signedIn()).trpc.mailboxes.create.mutate({ localPart: "unique-name" });
    const error = await appError((await signedIn()).trpc.mailboxes.create.mutate({ localPart: "UNIQUE-name" }));
    expect(error).toMatchObject({ appCode: "conflict", httpStatus: 409 });
  });

  it("enforces the mailbox cap, also under concurrent creation", async () => {
    await setBusinessDefaults(deps(), { mailboxCap: 3 }, null);
    const { trpc, user } = await signedIn();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => trpc.mailboxes.create.mutate({})));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await db().select().from(mailboxes).where(eq(mailboxes.userId, user.id))).toHaveLength(3);
    expect((await appError(trpc.mailboxes.create.mutate({}))).appCode).toBe("quota_exceeded");
    await resetSettings();
  });

  it("applies the role's domain access and the creation switch", async () => {
    await setDomainSettings(deps(), { domains: ["open.example", "staff.example"], defaultDomain: "open.example", roleAccess: { admin: ["open.example", "staff.example"], user: ["open.example"] } }, null);
    const member = await signedIn("user");
    const admin = await signedIn("admin");
    expect((await member.trpc.mailboxes.domains.query()).domains).toEqual(["open.example"]);
    expect((await admin.trpc.mailboxes.create.mutate({ domain: "staff.example" })).domain).toBe("staff.example");
    expect((await appError(member.trpc.mailboxes.create.mutate({ domain: "staff.example" }))).appCode).toBe("forbidden");
    expect((await member.trpc.mailboxes.create.mutate({})).domain).toBe("open.example");

    await db().insert(userFeatures).values({ userId: member.user.id, mailboxCreation: false, updatedAt: new Date() });
    expect((await appError(member.trpc.mailboxes.create.mutate({}))).appCode).toBe("feature_disabled");
    await resetSettings();
  });

  it("deletes a mailbox with its messages and stored files", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({});
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: mailWithAttachment({ to: box.address, messageId: "<del-1@example.com>", filename: "a.bin", content: new Uint8Array([1, 2, 3]) }) }));
    const [stored] = await db().select().from(messages).where(eq(messages.mailboxId, box.id));
    expect(stored?.rawKey).toBeTruthy();
    await trpc.mailboxes.delete.mutate({ id: box.id });
    expect(await db().select().from(messages).where(eq(messages.mailboxId, box.id))).toHaveLength(0);
    expect(await env.ATTACHMENTS?.get(stored?.rawKey ?? "")).toBeNull();
    expect((await env.ATTACHMENTS?.list({ prefix: `att/${stored?.id ?? ""}/` }))?.objects).toHaveLength(0);
    expect(await trpc.mailboxes.list.query()).toEqual([]);
  });
});
