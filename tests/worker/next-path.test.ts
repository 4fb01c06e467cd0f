import { sanitizeNextPath } from "@mailroom/api/shared";
import { oauthPendingLogins } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { callback, callbackOrigin, finalizeRest, login, startLogin, ticketOf, uniqueTag } from "./support/oauth.ts";
import { codehostEmail } from "./support/oauth-scenarios.ts";
import { db, seedInvite, seedUser } from "./support/seed.ts";

// `next` values an attacker would try: pieces that collapse, smuggle a second slash or a scheme,
// or hide control characters, glued together in any order.
const pieces = [
  "/", "//", "///", ".", "..", "./", "../", "/.", "/..", "%2e", "%2E", "%2e%2e", ".%2e", "%2f", "%2F", "%5c", "\\", "/\\",
  "evil.example", "@evil.example", ":", "https:", "javascript:", "//evil.example", "?", "#", "&", "=", "next=", "%",
  "\t", "\n", "\r", "\u0000", "\u007f", " ", "%09", "%0a", "%00", "login", "register", "LOGIN", "a", "dashboard", "é", "\u2028",
];
// The shape of the reported open redirect: a segment that collapses, then a second slash.
const collapsing = fc
  .tuple(
    fc.constantFrom("/.", "/..", "/%2e", "/%2E", "/%2e%2e", "/.%2E", "/a/..", "/a/b/../..", "/./."),
    fc.constantFrom("//", "///", "/\\", "/%2f"),
    fc.constantFrom("evil.example", "evil.example/path", "@evil.example", "evil.example?next=/x"),
  )
  .map((parts) => parts.join(""));
const nextValue = fc.oneof(
  collapsing,
  fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join("")),
  fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => `/${parts.join("")}`),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Where a browser on `callbackOrigin` goes when told `location` (redirect or router.replace). */
function landsOnSite(location: string): boolean {
  if (!location.startsWith("/") || location.startsWith("//") || location.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex -- what a browser strips or reinterprets
  if (/[\u0000-\u0020\u007f]/.test(location)) return false;
  return new URL(location, callbackOrigin).origin === callbackOrigin;
}

// The run's seed (tests/worker/setup/seed.ts prints it; FUZZ_SEED=<seed> replays it).
const seed = inject("fuzzSeed");

describe("next after normalization (CONTRACT §5)", () => {
  it.each([
    ["/.//evil.example", "/dashboard"],
    ["/..//evil.example", "/dashboard"],
    ["/%2e//evil.example", "/dashboard"],
    ["/%2E%2E//evil.example", "/dashboard"],
    ["/a/..//evil.example/path", "/dashboard"],
    ["/./\\evil.example", "/dashboard"],
    ["/.%2e/login", "/dashboard"],
    ["/%6Cogin", "/dashboard"],
    ["/a/./b/../c?x=1#top", "/a/c?x=1#top"],
    ["/messages?mailbox=abc&page=2", "/messages?mailbox=abc&page=2"],
    ["/a//b", "/a//b"],
  ])("sanitizes %s to %s", (next, expected) => {
    expect(sanitizeNextPath(next)).toBe(expected);
  });

  it("always gives an in-site path, and is stable on its own output (pure function)", () => {
    fc.assert(
      fc.property(nextValue, (next) => {
        const sanitized = sanitizeNextPath(next);
        return landsOnSite(sanitized) && sanitizeNextPath(sanitized) === sanitized;
      }),
      { seed, numRuns: 5000 },
    );
  });

  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example/path"])(
    "start → callback with next=%s ends on /dashboard, signed in",
    async (next) => {
      const tag = uniqueTag();
      await seedUser({ email: codehostEmail(tag, "primary") });
      const result = await login("codehost", `primary-verified~${tag}`, next);
      expect(result.location).toBe("/dashboard");
      expect(result.cookie).toBeDefined();
    },
  );

  it("a ticket made with such a next finalizes to /dashboard", async () => {
    const result = await login("codehost", `primary-verified~${uniqueTag()}`, "/%2e//evil.example");
    const finalized = await finalizeRest("codehost", { ticket: ticketOf(result.location), inviteCode: await seedInvite() });
    expect(finalized.json).toEqual({ ok: true, redirectTo: "/dashboard" });
  });

  // Each run is a start and a callback through the worker: seconds in all, more on busy cores.
  it("the callback's Location is always in-site, whatever next was (start → callback)", { timeout: 120_000 }, async () => {
    const tag = uniqueTag();
    await seedUser({ email: codehostEmail(tag, "primary") });
    await fc.assert(
      fc.asyncProperty(nextValue, async (next) => {
        const started = await startLogin("codehost", next);
        const result = await callback("codehost", { code: `primary-verified~${tag}`, state: started.state });
        return result.cookie !== undefined && landsOnSite(result.location);
      }),
      { seed, numRuns: 60 },
    );
  });

  it("a new user's ticket keeps an in-site next, whatever next was (the finalize redirectTo)", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(nextValue, async (next) => {
        const result = await login("codehost", `primary-verified~${uniqueTag()}`, next);
        const [ticket] = await db().select().from(oauthPendingLogins).where(eq(oauthPendingLogins.id, ticketOf(result.location)));
        return ticket !== undefined && landsOnSite(ticket.nextPath);
      }),
      { seed, numRuns: 30 },
    );
  });
});
