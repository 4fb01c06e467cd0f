import { hashInviteCode } from "@mailroom/api";
import { inviteCodes, sessions } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { db, seedUser } from "./support/seed.ts";

/** The stored invite of a code (found by its hash: hints are too short to tell codes apart). */
async function inviteIdOf(code: string | undefined): Promise<string | undefined> {
  const [row] = await db().select({ id: inviteCodes.id }).from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(code ?? "")));
  return row?.id;
}

async function signedIn(role: "admin" | "user") {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

describe("admin.invites", () => {
  it("creates codes that register accounts, and lists uses and who redeemed", async () => {
    const { trpc } = await signedIn("admin");
    const { codes } = await trpc.admin.invites.create.mutate({ count: 2, maxUses: 2 });
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/);
    await createClient().trpc.auth.register.mutate({ email: "invited@example.com", password: "password123", inviteCode: codes[0] ?? "" });

    const list = await trpc.admin.invites.list.query();
    const usedId = await inviteIdOf(codes[0]);
    const used = list.find((i) => i.id === usedId);
    expect(used).toMatchObject({ usedCount: 1, maxUses: 2, status: "active", role: "user" });
    expect(used?.redeemedBy.map((r) => r.email)).toEqual(["invited@example.com"]);
    expect(JSON.stringify(list)).not.toContain(codes[0]);
    // The hint gives away 2 of the 20 characters (89 of 99 bits stay unknown).
    expect(used?.hint).toBe(codes[0]?.slice(0, 2));
  });

  it("disables a code so it no longer registers anyone", async () => {
    const { trpc } = await signedIn("admin");
    const { codes } = await trpc.admin.invites.create.mutate({});
    const inviteId = await inviteIdOf(codes[0]);
    const invite = (await trpc.admin.invites.list.query()).find((i) => i.id === inviteId);
    await trpc.admin.invites.disable.mutate({ id: invite?.id ?? "" });
    const error = await appError(createClient().trpc.auth.register.mutate({ email: "late@example.com", password: "password123", inviteCode: codes[0] ?? "" }));
    expect(error.message).toBe("This invite code has been disabled");
    expect((await appError(trpc.admin.invites.disable.mutate({ id: "missing" }))).appCode).toBe("not_found");
  });

  it("validates its input", async () => {
    const { trpc } = await signedIn("admin");
    expect((await appError(trpc.admin.invites.create.mutate({ count: 0 }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.admin.invites.create.mutate({ expiresAt: new Date(Date.now() - 1) }))).appCode).toBe("validation_failed");
  });
});

describe("admin.users", () => {
  it("pages and searches users", async () => {
    const { trpc } = await signedIn("admin");
    for (let i = 0; i < 5; i++) await seedUser({ email: `paged${i}@example.org` });
    const first = await trpc.admin.users.list.query({ query: "@example.org", limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.total).toBe(5);
    const second = await trpc.admin.users.list.query({ query: "@example.org", limit: 3, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((u) => u.email)).size).toBe(5);
    expect((await trpc.admin.users.list.query({ query: "100%_" })).items).toHaveLength(0);
    // Any query the schema allows reaches D1 in a form it takes (a LIKE pattern over 50 bytes it refused as "too complex").
    const long = "paged4@example.org".padStart(100, "x");
    expect((await trpc.admin.users.list.query({ query: long })).items).toEqual([]);
    expect((await trpc.admin.users.list.query({ query: "%".repeat(100) })).items).toEqual([]);
    expect((await trpc.admin.users.list.query({ query: "PAGED4@Example.ORG" })).items.map((u) => u.email)).toEqual(["paged4@example.org"]);
    expect((await appError(trpc.admin.users.list.query({ cursor: "garbage" }))).appCode).toBe("validation_failed");
  });

  it("changes roles and disables users, ending their sessions at once", async () => {
    const admin = await signedIn("admin");
    const member = await signedIn("user");
    await admin.trpc.admin.users.update.mutate({ id: member.user.id, role: "admin" });
    expect((await member.trpc.auth.me.query()).role).toBe("admin");
    await admin.trpc.admin.users.update.mutate({ id: member.user.id, disabled: true });
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);
    expect((await appError(member.trpc.auth.me.query())).appCode).toBe("unauthorized");
  });

  it("does not let an administrator lock themselves out", async () => {
    const admin = await signedIn("admin");
    expect((await appError(admin.trpc.admin.users.update.mutate({ id: admin.user.id, disabled: true }))).appCode).toBe("forbidden");
    expect((await appError(admin.trpc.admin.users.update.mutate({ id: admin.user.id, role: "user" }))).appCode).toBe("forbidden");
    expect((await appError(admin.trpc.admin.users.update.mutate({ id: "nobody", disabled: true }))).appCode).toBe("not_found");
  });
});
