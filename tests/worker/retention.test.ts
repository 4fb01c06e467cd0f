import { createScheduledController, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { createDb } from "@mailroom/db";
import { loginThrottles, oauthPendingLogins, oauthStates, sessions, users } from "@mailroom/db/schema";
import { describe, expect, it } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { env } from "./support/call-worker.ts";

const minute = 60_000;

describe("retention cron", () => {
  it("deletes exactly the expired short-lived records, and a second run deletes nothing", async () => {
    const db = createDb(env.DB);
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset);
    await db.insert(users).values({ id: "u1", email: "u1@example.com", createdAt: at(0), updatedAt: at(0) });
    await db.insert(sessions).values([
      { id: "old", userId: "u1", createdAt: at(-60 * minute), expiresAt: at(-minute), lastSeenAt: at(-60 * minute) },
      { id: "live", userId: "u1", createdAt: at(0), expiresAt: at(minute), lastSeenAt: at(0) },
    ]);
    await db.insert(oauthStates).values([
      { id: "s-old", provider: "codehost", nextPath: "/dashboard", codeVerifier: "v", createdAt: at(-11 * minute), expiresAt: at(-minute) },
      { id: "s-live", provider: "forum", nextPath: "/dashboard", codeVerifier: "v", createdAt: at(0), expiresAt: at(10 * minute) },
    ]);
    const ticket = { provider: "codehost" as const, providerUserId: "1", email: "n@example.com", nextPath: "/dashboard", createdAt: at(0) };
    await db.insert(oauthPendingLogins).values([
      { ...ticket, id: "t-old", expiresAt: at(-minute) },
      { ...ticket, id: "t-used", expiresAt: at(minute), consumedAt: at(0) },
      { ...ticket, id: "t-live", expiresAt: at(15 * minute) },
    ]);
    await db.insert(loginThrottles).values([
      { accountKey: "old-window", failures: 10, windowStartedAt: at(-2 * 60 * minute) },
      { accountKey: "live-window", failures: 3, windowStartedAt: at(-5 * minute) },
    ]);

    const run = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await run();
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(["live"]);
    expect((await db.select({ id: oauthStates.id }).from(oauthStates)).map((r) => r.id)).toEqual(["s-live"]);
    expect((await db.select({ id: oauthPendingLogins.id }).from(oauthPendingLogins)).map((r) => r.id)).toEqual(["t-live"]);
    expect((await db.select({ key: loginThrottles.accountKey }).from(loginThrottles)).map((r) => r.key)).toEqual(["live-window"]);

    await run();
    expect(await db.select({ id: sessions.id }).from(sessions)).toHaveLength(1);
  });
});
