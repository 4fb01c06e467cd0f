import { loginThrottles } from "@mailroom/db/schema";
import { describe, expect, it } from "vitest";
import { login } from "../../packages/api/src/services/auth/accounts.ts";
import { callWorker } from "./support/call-worker.ts";
import { db, seedUser } from "./support/seed.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

let ipCounter = 0;
/** Every attempt from its own address, so the per-address limit never decides. */
function nextIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter % 250}`;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  appCode: string | undefined;
  message: string | undefined;
}

async function passwordLogin(email: string, password: string): Promise<Answer> {
  const res = await callWorker("/api/trpc/auth.login", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": nextIp() },
    body: JSON.stringify({ json: { email, password } }),
  });
  const body = await res.json<{ error?: { json: { message: string; data: { appCode: string } } } }>();
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), appCode: body.error?.json.data.appCode, message: body.error?.json.message };
}

async function failTimes(email: string, times: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await passwordLogin(email, `wrong guess ${i}`));
  return answers;
}

describe("per-account login throttling", () => {
  it("after 10 wrong passwords for one account, answers 429 from any address, even to the right password", async () => {
    const user = await seedUser();
    const failures = await failTimes(user.email, 10);
    expect(failures.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 401));
    const locked = await passwordLogin(user.email.toUpperCase(), user.password);
    expect(locked.status).toBe(429);
    expect(locked.appCode).toBe("rate_limited");
    const retryAfter = Number(locked.retryAfter);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("treats an unknown e-mail exactly like a known one (no account oracle)", async () => {
    const user = await seedUser();
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const known = await failTimes(user.email, 11);
    const other = await failTimes(unknown, 11);
    const shape = (answers: Answer[]) => answers.map(({ status, appCode, message }) => ({ status, appCode, message }));
    expect(shape(other)).toEqual(shape(known));
    expect(other.at(-1)?.status).toBe(429);
    expect(other.at(-1)?.retryAfter).not.toBeNull();
  });

  it("lets a successful login clear the count", async () => {
    const user = await seedUser();
    await failTimes(user.email, 9);
    expect((await passwordLogin(user.email, user.password)).status).toBe(200);
    expect((await failTimes(user.email, 9)).every((a) => a.status === 401)).toBe(true);
    expect((await passwordLogin(user.email, user.password)).status).toBe(200);
  });

  it("lets exactly 10 of 25 concurrent wrong guesses reach the password check", async () => {
    const user = await seedUser();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => passwordLogin(user.email, `parallel guess ${i}`)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
  });

  it("opens again once the 15-minute window has passed (service clock)", async () => {
    const user = await seedUser();
    const clock = fixedClock(Date.UTC(2026, 5, 1, 12, 0, 0));
    const ctx = serviceContext({ clock, stores: { rateLimiter: undefined } });
    for (let i = 0; i < 10; i++) await expect(login(ctx, { email: user.email, password: "wrong" })).rejects.toMatchObject({ appCode: "unauthorized" });
    clock.set(Date.UTC(2026, 5, 1, 12, 14, 0));
    await expect(login(ctx, { email: user.email, password: user.password })).rejects.toMatchObject({ appCode: "rate_limited", retryAfter: 60 });
    clock.set(Date.UTC(2026, 5, 1, 12, 15, 0));
    await expect(login(ctx, { email: user.email, password: user.password })).resolves.toMatchObject({ user: { id: user.id } });
  });

  it("keeps no e-mail address in the table, only a hash", async () => {
    const user = await seedUser();
    await failTimes(user.email, 1);
    const rows = await db().select().from(loginThrottles);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(user.email.split("@")[0]);
  });
});
