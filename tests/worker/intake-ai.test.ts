import { setBusinessDefaults } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import { messages, usageCounters, userFeatures } from "@mailroom/db/schema";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { recognizeByRules } from "../../packages/api/src/services/recognition/index.ts";
import { env } from "./support/call-worker.ts";
import { serviceContext } from "./support/service-context.ts";
import { deliver, emailMessage, seedMailbox, simpleMail } from "./support/email-message.ts";

const db = createDb(env.DB);
const settings = serviceContext();
const today = () => new Date().toISOString().slice(0, 10);

// Rules find nothing here (checked below), but the value is in the mail, so the AI's answer holds.
const unclearText = "Hi, the thing you asked about is K7Q9ZP. Cheers.";

function fakeAi(answer: () => Promise<unknown> = () => Promise.resolve({ response: '{"kind":"code","value":"K7Q9ZP"}' })) {
  const run = vi.fn(answer);
  return { ai: { run } as unknown as Ai, run };
}

async function aiCount(userId: string): Promise<number> {
  const [row] = await db.select().from(usageCounters).where(and(eq(usageCounters.userId, userId), eq(usageCounters.day, today()), eq(usageCounters.kind, "ai")));
  return row?.count ?? 0;
}

async function send(to: string, messageId: string, text: string, overrides: Partial<Cloudflare.Env>) {
  await deliver(emailMessage({ from: "a@example.com", to, raw: simpleMail({ to, messageId, text, subject: "Note" }) }), overrides);
  const [row] = await db.select().from(messages).where(eq(messages.messageIdHeader, messageId));
  return row;
}

beforeAll(async () => {
  for (const user of ["rules", "ai", "off", "unbound", "limit", "broken"]) await seedMailbox(db, { userId: user, address: `${user}@mail.localhost` });
  await db.insert(userFeatures).values({ userId: "off", aiFallback: false, updatedAt: new Date() });
});

describe("recognition at intake", () => {
  it("precondition: the rules find nothing in the unclear mail", () => {
    expect(recognizeByRules({ subject: "Note", text: unclearText, html: null, from: "a@example.com" })).toBeNull();
  });

  it("uses the rules when they find something, without asking the AI", async () => {
    const { ai, run } = fakeAi();
    const row = await send("rules@mail.localhost", "<r1@x>", "Your verification code is 482913. It expires in 10 minutes.", { AI: ai });
    expect(row).toMatchObject({ recognitionKind: "code", recognitionValue: "482913", recognitionSource: "rules" });
    expect(run).not.toHaveBeenCalled();
    expect(await aiCount("rules")).toBe(0);
  });

  it("asks the AI when the rules find nothing, the binding is there, the switch is on and the count allows", async () => {
    const { ai, run } = fakeAi();
    const row = await send("ai@mail.localhost", "<a1@x>", unclearText, { AI: ai });
    expect(run).toHaveBeenCalledOnce();
    expect(row).toMatchObject({ recognitionKind: "code", recognitionValue: "K7Q9ZP", recognitionSource: "ai" });
    expect(await aiCount("ai")).toBe(1);
  });

  it("does not ask the AI when the user's switch is off", async () => {
    const { ai, run } = fakeAi();
    const row = await send("off@mail.localhost", "<o1@x>", unclearText, { AI: ai });
    expect(run).not.toHaveBeenCalled();
    expect(row).toMatchObject({ recognitionKind: "none", recognitionValue: null, recognitionSource: "rules" });
    expect(await aiCount("off")).toBe(0);
  });

  it("does not count anything when the AI binding is absent", async () => {
    const row = await send("unbound@mail.localhost", "<n1@x>", unclearText, { AI: undefined });
    expect(row?.recognitionKind).toBe("none");
    expect(await aiCount("unbound")).toBe(0);
  });

  it("enforces the daily count, also for mails arriving together", async () => {
    await setBusinessDefaults(settings, { aiFallbackDaily: 2 }, null);
    try {
      const { ai, run } = fakeAi();
      await Promise.all([1, 2, 3, 4, 5].map((i) => send("limit@mail.localhost", `<l${i}@x>`, unclearText, { AI: ai })));
      expect(run).toHaveBeenCalledTimes(2);
      expect(await aiCount("limit")).toBe(2);
      const rows = await db.select().from(messages).where(eq(messages.userId, "limit"));
      expect(rows).toHaveLength(5);
      expect(rows.filter((r) => r.recognitionSource === "ai")).toHaveLength(2);

      await send("limit@mail.localhost", "<l6@x>", unclearText, { AI: ai });
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      await setBusinessDefaults(settings, { aiFallbackDaily: 20 }, null);
    }
  });

  it("stores the message unrecognized when the AI fails", async () => {
    const { ai, run } = fakeAi(() => Promise.reject(new Error("model unavailable")));
    const row = await send("broken@mail.localhost", "<b1@x>", unclearText, { AI: ai });
    expect(run).toHaveBeenCalledOnce();
    expect(row).toMatchObject({ recognitionKind: "none", recognitionSource: "rules" });
  });
});
