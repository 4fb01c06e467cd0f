import { inviteCodes, oauthIdentities, oauthPendingLogins, users } from "@mailroom/db/schema";
import { hashInviteCode } from "@mailroom/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appError, createClient } from "./support/client.ts";
import { finalizeRest, freshIp, login, oauthOverrides, ticketOf, uniqueTag } from "./support/oauth.ts";
import { codehostEmail, forumEmail } from "./support/oauth-scenarios.ts";
import { db, seedInvite, seedUser } from "./support/seed.ts";

/** A new forum user's pending ticket, from a real callback. */
async function newForumTicket(next?: string) {
  const tag = uniqueTag();
  const result = await login("forum", `sub~${tag}`, next);
  return { tag, ticket: ticketOf(result.location), email: forumEmail(tag) };
}

async function ticketRow(id: string) {
  const [row] = await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.id, id));
  return row;
}

async function usersWithEmail(email: string) {
  return db().select().from(users).where(eq(users.email, email));
}

function signedIn(cookie: string | undefined) {
  const client = createClient({ overrides: oauthOverrides() });
  client.state.cookie = cookie;
  return client.trpc;
}

describe("auth.oauth.ticket", () => {
  it("tells the login page whom it is finishing", async () => {
    const { ticket, email, tag } = await newForumTicket();
    const shown = await createClient().trpc.auth.oauth.ticket.query({ ticket });
    expect(shown).toMatchObject({ provider: "forum", email, name: `Forum ${tag}` });
    expect(shown.expiresAt).toBeInstanceOf(Date);
  });

  it("says the ticket is invalid when unknown, expired or consumed", async () => {
    const { trpc } = createClient();
    expect(await appError(trpc.auth.oauth.ticket.query({ ticket: "nope" }))).toMatchObject({
      appCode: "oauth_ticket_invalid",
      httpStatus: 400,
      message: "OAuth ticket is invalid",
    });
    const expired = await newForumTicket();
    await db().update(oauthPendingLogins).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oauthPendingLogins.id, expired.ticket));
    expect((await appError(trpc.auth.oauth.ticket.query({ ticket: expired.ticket }))).appCode).toBe("oauth_ticket_invalid");
    const consumed = await newForumTicket();
    await db().update(oauthPendingLogins).set({ consumedAt: new Date() }).where(eq(oauthPendingLogins.id, consumed.ticket));
    expect((await appError(trpc.auth.oauth.ticket.query({ ticket: consumed.ticket }))).appCode).toBe("oauth_ticket_invalid");
  });
});

describe("POST /api/auth/oauth/:provider/finalize", () => {
  it("creates the user (role from the invite), binds the identity, consumes the ticket and signs in", async () => {
    const { ticket, email, tag } = await newForumTicket("/messages?x=1");
    const inviteCode = await seedInvite({ role: "admin" });
    const result = await finalizeRest("forum", { ticket, inviteCode });
    expect(result.response.status).toBe(200);
    expect(result.json).toEqual({ ok: true, redirectTo: "/messages?x=1" });
    const [user] = await usersWithEmail(email);
    expect(user).toMatchObject({ role: "admin", name: `Forum ${tag}`, passwordHash: null, disabled: false });
    expect(await db().select().from(oauthIdentities).where(eq(oauthIdentities.userId, user?.id ?? ""))).toMatchObject([
      { provider: "forum", providerUserId: `f-${tag}`, email, login: `member${tag}` },
    ]);
    expect((await ticketRow(ticket))?.consumedAt).toBeInstanceOf(Date);
    const [invite] = await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(inviteCode)));
    expect(invite?.usedCount).toBe(1);
    expect((await signedIn(result.cookie).auth.me.query()).id).toBe(user?.id);

    // The identity logs that user in from now on, without a new ticket.
    const again = await login("forum", `sub~${tag}`);
    expect(again.location).toBe("/dashboard");
    expect((await signedIn(again.cookie).auth.me.query()).id).toBe(user?.id);
  });

  it("gives role user with a plain invite, and works through tRPC with the session cookie", async () => {
    const tag = uniqueTag();
    const ticket = ticketOf((await login("codehost", `primary-verified~${tag}`)).location);
    const client = createClient({ overrides: oauthOverrides() });
    const result = await client.trpc.auth.oauth.finalize.mutate({ provider: "codehost", ticket, inviteCode: await seedInvite() });
    expect(result).toMatchObject({ ok: true, redirectTo: "/dashboard", user: { email: codehostEmail(tag, "primary"), role: "user" } });
    expect((await client.trpc.auth.me.query()).email).toBe(codehostEmail(tag, "primary"));
    expect(await client.trpc.auth.oauth.identities.query()).toMatchObject([
      { provider: "codehost", label: "GitHub", login: `octo-${tag}`, email: codehostEmail(tag, "primary") },
    ]);
  });

  it("refuses a wrong invite code with 400, creates nothing and keeps the ticket pending; the right code then works", async () => {
    const { ticket, email } = await newForumTicket();
    const wrong = await finalizeRest("forum", { ticket, inviteCode: "ZZZZ-ZZZZ-ZZZZ" });
    expect(wrong.response.status).toBe(400);
    expect(wrong.json.error?.code).toBe("invite_code_invalid");
    expect(wrong.cookie).toBeUndefined();
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect(await ticketRow(ticket)).toMatchObject({ consumedAt: null, failedAttempts: 1 });

    const right = await finalizeRest("forum", { ticket, inviteCode: await seedInvite() });
    expect(right.response.status).toBe(200);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("consumes the ticket with the 5th wrong code", async () => {
    const { ticket, email } = await newForumTicket();
    const ip = freshIp();
    for (let i = 1; i <= 5; i++) {
      const wrong = await finalizeRest("forum", { ticket, inviteCode: `WRONG-${i}` }, { ip });
      expect(wrong.json.error?.code).toBe("invite_code_invalid");
      expect((await ticketRow(ticket))?.failedAttempts).toBe(i);
    }
    expect((await ticketRow(ticket))?.consumedAt).toBeInstanceOf(Date);
    const right = await finalizeRest("forum", { ticket, inviteCode: await seedInvite() });
    expect(right.response.status).toBe(400);
    expect(right.json.error).toEqual({ code: "oauth_ticket_invalid", message: "OAuth ticket is invalid", requestId: right.response.headers.get("X-Request-Id") });
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it.each([
    ["unknown", () => Promise.resolve({ ticket: "no-such-ticket", provider: "forum" })],
    [
      "expired",
      async () => {
        const { ticket } = await newForumTicket();
        await db().update(oauthPendingLogins).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oauthPendingLogins.id, ticket));
        return { ticket, provider: "forum" };
      },
    ],
    ["of the other provider", async () => ({ ticket: (await newForumTicket()).ticket, provider: "codehost" })],
  ])("refuses a ticket that is %s with 400 oauth_ticket_invalid, and leaves the invite unused", async (_name, make) => {
    const { ticket, provider } = await make();
    const inviteCode = await seedInvite();
    const result = await finalizeRest(provider, { ticket, inviteCode });
    expect(result.response.status).toBe(400);
    expect(result.json.error).toEqual({ code: "oauth_ticket_invalid", message: "OAuth ticket is invalid", requestId: result.response.headers.get("X-Request-Id") });
    const [invite] = await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(inviteCode)));
    expect(invite?.usedCount).toBe(0);
  });

  it("refuses a consumed ticket", async () => {
    const { ticket } = await newForumTicket();
    expect((await finalizeRest("forum", { ticket, inviteCode: await seedInvite() })).response.status).toBe(200);
    const again = await finalizeRest("forum", { ticket, inviteCode: await seedInvite() });
    expect(again.json.error?.code).toBe("oauth_ticket_invalid");
  });

  it("creates exactly one user when 6 finalizes of one ticket race (multi-use invite)", async () => {
    const { ticket, email } = await newForumTicket();
    const inviteCode = await seedInvite({ maxUses: 10 });
    const results = await Promise.all(Array.from({ length: 6 }, () => finalizeRest("forum", { ticket, inviteCode })));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json.error?.code === "oauth_ticket_invalid")).toHaveLength(5);
    expect(results.filter((r) => r.cookie)).toHaveLength(1);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const [invite] = await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(inviteCode)));
    expect(invite?.usedCount).toBe(1);
  });

  it("creates exactly one user when 6 tRPC finalizes race with six different invite codes", async () => {
    const { ticket, email } = await newForumTicket();
    const codes = await Promise.all(Array.from({ length: 6 }, () => seedInvite()));
    const results = await Promise.allSettled(
      codes.map((inviteCode) => createClient({ overrides: oauthOverrides() }).trpc.auth.oauth.finalize.mutate({ provider: "forum", ticket, inviteCode })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const used = await Promise.all(
      codes.map(async (code) => (await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(code))))[0]?.usedCount),
    );
    expect(used.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(1);
  });

  it("refuses with 409 when the provider account was bound by another ticket meanwhile, and leaves the invite unused", async () => {
    const tag = uniqueTag();
    // Two callbacks of one forum account before either finished: two tickets, different e-mails.
    const first = ticketOf((await login("forum", `sub~${tag}`)).location);
    const second = ticketOf((await login("forum", `changed-email~${tag}`)).location);
    expect((await finalizeRest("forum", { ticket: first, inviteCode: await seedInvite() })).response.status).toBe(200);
    const inviteCode = await seedInvite();
    const result = await finalizeRest("forum", { ticket: second, inviteCode });
    expect(result.response.status).toBe(409);
    expect(result.json.error?.code).toBe("conflict");
    expect(result.cookie).toBeUndefined();
    expect(await usersWithEmail(forumEmail(tag, "changed"))).toHaveLength(0);
    const [invite] = await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(inviteCode)));
    expect(invite?.usedCount).toBe(0);
  });

  it("refuses with 409 when the ticket's e-mail was registered meanwhile, and leaves the invite unused", async () => {
    const { ticket, email } = await newForumTicket();
    await seedUser({ email });
    const inviteCode = await seedInvite();
    const result = await finalizeRest("forum", { ticket, inviteCode });
    expect(result.response.status).toBe(409);
    expect(result.json.error?.code).toBe("conflict");
    expect(result.cookie).toBeUndefined();
    expect(await usersWithEmail(email)).toHaveLength(1);
    const [invite] = await db().select().from(inviteCodes).where(eq(inviteCodes.codeHash, await hashInviteCode(inviteCode)));
    expect(invite?.usedCount).toBe(0);
  });

  it.each([
    ["not JSON", undefined, "{ticket:"],
    ["an array", [], undefined],
    ["missing fields", {}, undefined],
    ["a numeric ticket", { ticket: 5, inviteCode: "A" }, undefined],
    ["an empty invite code", { ticket: "t", inviteCode: "" }, undefined],
    ["a huge ticket", { ticket: "t".repeat(10_000), inviteCode: "A" }, undefined],
  ])("answers a malformed body (%s) with 400, never 500", async (_name, body, raw) => {
    const result = await finalizeRest("forum", body, raw === undefined ? {} : { raw });
    expect(result.response.status).toBe(400);
    expect(result.json.error?.code).toBe("validation_failed");
  });

  it("answers malformed tRPC input with 400", async () => {
    const { trpc } = createClient();
    const error = await appError(trpc.auth.oauth.finalize.mutate({ provider: "forum", ticket: "", inviteCode: "" }));
    expect(error).toMatchObject({ appCode: "validation_failed", httpStatus: 400 });
    expect((await appError(trpc.auth.oauth.finalize.mutate({ provider: "nope", ticket: "t", inviteCode: "c" }))).appCode).toBe("oauth_provider_unknown");
  });

  it("rate limits finalize per client address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await finalizeRest("forum", { ticket: "no-such", inviteCode: "X" }, { ip })).response.status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("auth.oauth.identities", () => {
  it("needs a session", async () => {
    expect((await appError(createClient().trpc.auth.oauth.identities.query())).appCode).toBe("unauthorized");
  });
});
