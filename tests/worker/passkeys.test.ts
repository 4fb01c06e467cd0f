import { oauthIdentities, passkeyChallenges, passkeys, sessions, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { origin } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { db, seedUser } from "./support/seed.ts";
import { SoftAuthenticator } from "./support/soft-authenticator.ts";

const chromeOnMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A signed-in browser tab of the web app, and a phone's passkey store answering for that page. */
async function signedIn(user: { email: string; password: string }) {
  const client = createClient({ pageOrigin: origin, userAgent: chromeOnMac });
  await client.trpc.auth.login.mutate(user);
  return client;
}

async function registerPasskey(client: ReturnType<typeof createClient>, authenticator: SoftAuthenticator) {
  const { ceremonyId, options } = await client.trpc.account.passkeys.registrationOptions.mutate();
  return client.trpc.account.passkeys.register.mutate({ ceremonyId, response: await authenticator.create(options) });
}

describe("passkeys", () => {
  it("registers a passkey on the Account screen and signs in with it: a 30-day session, its last use recorded", async () => {
    const user = await seedUser();
    const client = await signedIn(user);
    const authenticator = new SoftAuthenticator(origin);
    const added = await registerPasskey(client, authenticator);
    expect(added).toMatchObject({ name: "Chrome on macOS", lastUsedAt: null });
    expect(await client.trpc.account.passkeys.list.query()).toEqual([expect.objectContaining({ id: added.id, name: "Chrome on macOS", lastUsedAt: null })]);
    // The public key is stored, never shown.
    expect(Object.keys(added)).not.toContain("publicKey");

    const browser = createClient({ pageOrigin: origin });
    const { ceremonyId, options } = await browser.trpc.auth.passkeyOptions.mutate();
    expect(options.rpId).toBe(new URL(origin).hostname);
    const result = await browser.trpc.auth.passkeyLogin.mutate({ ceremonyId, response: await authenticator.get(options) });
    expect(result.user.email).toBe(user.email);
    expect((await browser.trpc.auth.me.query()).id).toBe(user.id);
    expect(browser.state.setCookies.at(-1)).toMatch(/^app_session=[^;]+;.*Max-Age=2592000/);
    const [listed] = await client.trpc.account.passkeys.list.query();
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
    // One-time: the ceremony is gone once answered.
    expect(await db().select().from(passkeyChallenges).where(eq(passkeyChallenges.id, ceremonyId))).toEqual([]);
  });

  it("refuses a replayed assertion, a wrong challenge, another page's origin, an unknown ceremony and an assertion naming another user", async () => {
    const user = await seedUser();
    const client = await signedIn(user);
    const authenticator = new SoftAuthenticator(origin);
    await registerPasskey(client, authenticator);
    const browser = createClient({ pageOrigin: origin });

    // Replayed: the same answer twice; the second finds its ceremony used up.
    const first = await browser.trpc.auth.passkeyOptions.mutate();
    const answer = await authenticator.get(first.options);
    await browser.trpc.auth.passkeyLogin.mutate({ ceremonyId: first.ceremonyId, response: answer });
    const replay = createClient({ pageOrigin: origin });
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: first.ceremonyId, response: answer }))).appCode).toBe("unauthorized");
    // The same answer for a fresh ceremony: its challenge is not the one signed.
    const fresh = await replay.trpc.auth.passkeyOptions.mutate();
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: fresh.ceremonyId, response: answer }))).appCode).toBe("unauthorized");
    // Signed for another challenge.
    const other = await replay.trpc.auth.passkeyOptions.mutate();
    const wrongChallenge = await authenticator.get({ ...other.options, challenge: fresh.options.challenge });
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: other.ceremonyId, response: wrongChallenge }))).appCode).toBe("unauthorized");
    // Signed on a page of another origin.
    const phishing = await replay.trpc.auth.passkeyOptions.mutate();
    const elsewhere = await authenticator.get(phishing.options, { origin: "https://mailroom.example.evil" });
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: phishing.ceremonyId, response: elsewhere }))).appCode).toBe("unauthorized");
    // A made-up ceremony id.
    const made = await authenticator.get({ challenge: "bWFkZS11cA", rpId: new URL(origin).hostname });
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: "made-up-ceremony", response: made }))).appCode).toBe("unauthorized");
    // Another user's handle on this user's credential.
    const someoneElse = await seedUser();
    const handle = await replay.trpc.auth.passkeyOptions.mutate();
    const forged = await authenticator.get(handle.options, { userHandle: btoa(someoneElse.id).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_") });
    expect((await appError(replay.trpc.auth.passkeyLogin.mutate({ ceremonyId: handle.ceremonyId, response: forged }))).appCode).toBe("unauthorized");
    expect((await appError(replay.trpc.auth.me.query())).appCode).toBe("unauthorized");
    // A request that names no page (a tool, not a browser) cannot start a ceremony.
    expect((await appError(createClient().trpc.auth.passkeyOptions.mutate())).appCode).toBe("validation_failed");
  });

  it("keeps registration ceremonies to the user who started them, and a credential to one account", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const aliceTab = await signedIn(alice);
    const bobTab = await signedIn(bob);
    const authenticator = new SoftAuthenticator(origin);
    // Bob answers Alice's ceremony: refused, and Alice's ceremony is used up.
    const alices = await aliceTab.trpc.account.passkeys.registrationOptions.mutate();
    const response = await authenticator.create(alices.options);
    expect((await appError(bobTab.trpc.account.passkeys.register.mutate({ ceremonyId: alices.ceremonyId, response }))).appCode).toBe("validation_failed");
    expect((await appError(aliceTab.trpc.account.passkeys.register.mutate({ ceremonyId: alices.ceremonyId, response }))).appCode).toBe("validation_failed");
    // A registration signed for another challenge.
    const second = await aliceTab.trpc.account.passkeys.registrationOptions.mutate();
    const wrong = await authenticator.create(second.options, { challenge: alices.options.challenge });
    expect((await appError(aliceTab.trpc.account.passkeys.register.mutate({ ceremonyId: second.ceremonyId, response: wrong }))).appCode).toBe("validation_failed");
    // Alice's credential registered again for Bob: refused.
    const third = await aliceTab.trpc.account.passkeys.registrationOptions.mutate();
    const alicesKey = await authenticator.create(third.options);
    await aliceTab.trpc.account.passkeys.register.mutate({ ceremonyId: third.ceremonyId, response: alicesKey, name: "Alice's phone" });
    const bobs = await bobTab.trpc.account.passkeys.registrationOptions.mutate();
    expect((await appError(bobTab.trpc.account.passkeys.register.mutate({ ceremonyId: bobs.ceremonyId, response: alicesKey }))).appCode).toBe("validation_failed");
    // Neither sees nor removes the other's passkeys.
    expect(await bobTab.trpc.account.passkeys.list.query()).toEqual([]);
    const [alicesPasskey] = await aliceTab.trpc.account.passkeys.list.query();
    expect((await appError(bobTab.trpc.account.passkeys.remove.mutate({ id: alicesPasskey?.id ?? "" }))).appCode).toBe("not_found");
    expect(await aliceTab.trpc.account.passkeys.list.query()).toHaveLength(1);
    expect((await appError(createClient({ pageOrigin: origin }).trpc.account.passkeys.list.query())).appCode).toBe("unauthorized");
  });

  it("refuses to remove the last way to sign in, and signs a disabled account in nowhere", async () => {
    const user = await seedUser();
    const client = await signedIn(user);
    const authenticator = new SoftAuthenticator(origin);
    const one = await registerPasskey(client, authenticator);
    const two = await registerPasskey(client, authenticator);
    // No password (as after an OAuth sign-up without one) and no provider: the passkeys are all there is.
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    await client.trpc.account.passkeys.remove.mutate({ id: one.id });
    expect((await appError(client.trpc.account.passkeys.remove.mutate({ id: two.id }))).appCode).toBe("conflict");
    expect(await client.trpc.account.passkeys.list.query()).toHaveLength(1);
    // With a connected provider it may go.
    const now = new Date();
    await db().insert(oauthIdentities).values({ id: crypto.randomUUID(), userId: user.id, provider: "codehost", providerUserId: crypto.randomUUID(), createdAt: now, updatedAt: now });
    await client.trpc.account.passkeys.remove.mutate({ id: two.id });
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);

    const blocked = await seedUser();
    const blockedTab = await signedIn(blocked);
    const key = new SoftAuthenticator(origin);
    await registerPasskey(blockedTab, key);
    await db().update(users).set({ disabled: true }).where(eq(users.id, blocked.id));
    const browser = createClient({ pageOrigin: origin });
    const { ceremonyId, options } = await browser.trpc.auth.passkeyOptions.mutate();
    expect((await appError(browser.trpc.auth.passkeyLogin.mutate({ ceremonyId, response: await key.get(options) }))).appCode).toBe("forbidden");
    expect(await db().select().from(sessions).where(eq(sessions.userId, blocked.id))).toHaveLength(1);
  });

  it("counts failed passkey sign-ins against the account's login throttle, like wrong passwords", async () => {
    const user = await seedUser();
    const client = await signedIn(user);
    const authenticator = new SoftAuthenticator(origin);
    await registerPasskey(client, authenticator);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const browser = createClient({ pageOrigin: origin });
      const { ceremonyId, options } = await browser.trpc.auth.passkeyOptions.mutate();
      const bad = await authenticator.get(options, { origin: "https://elsewhere.example" });
      codes.push((await appError(browser.trpc.auth.passkeyLogin.mutate({ ceremonyId, response: bad }))).appCode);
    }
    expect(codes.slice(0, 10).every((c) => c === "unauthorized")).toBe(true);
    expect(codes[10]).toBe("rate_limited");
    // Even a good passkey waits now, as a right password would.
    const browser = createClient({ pageOrigin: origin });
    const { ceremonyId, options } = await browser.trpc.auth.passkeyOptions.mutate();
    expect((await appError(browser.trpc.auth.passkeyLogin.mutate({ ceremonyId, response: await authenticator.get(options) }))).appCode).toBe("rate_limited");
  });
});
