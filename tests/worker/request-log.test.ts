import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { callWorker, env } from "./support/call-worker.ts";
import { emailMessage, simpleMail } from "./support/email-message.ts";

let lines: Record<string, unknown>[];
let spies: MockInstance[];

// Every log line is one JSON object; collect them as the platform's log tail would.
beforeEach(() => {
  lines = [];
  const collect = (...args: unknown[]) => {
    try {
      lines.push(JSON.parse(String(args[0])) as Record<string, unknown>);
    } catch {
      lines.push({ unstructured: args.map(String).join(" ") });
    }
  };
  spies = [vi.spyOn(console, "info").mockImplementation(collect), vi.spyOn(console, "warn").mockImplementation(collect), vi.spyOn(console, "error").mockImplementation(collect)];
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

const requestLines = () => lines.filter((l) => l.message === "request");

describe("request ids and log lines", () => {
  it("answers every request with X-Request-Id and writes one JSON line for it", async () => {
    const res = await callWorker("/api/system/health");
    const id = res.headers.get("X-Request-Id");
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: "info", requestId: id, method: "GET", route: "/api/system/health", status: 200 }),
    ]);
    expect(typeof requestLines()[0]?.durationMs).toBe("number");
  });

  it("takes the platform's cf-ray as the id when there is one", async () => {
    const res = await callWorker("/api/system/health", { headers: { "cf-ray": "8f1c2d3e4a5b6c7d-AMS" } });
    expect(res.headers.get("X-Request-Id")).toBe("8f1c2d3e4a5b6c7d-AMS");
    expect(requestLines()[0]?.requestId).toBe("8f1c2d3e4a5b6c7d-AMS");
  });

  it("puts the id in REST error bodies, with the error code in the log line", async () => {
    const res = await callWorker("/api/nope");
    const id = res.headers.get("X-Request-Id");
    expect(await res.json()).toMatchObject({ ok: false, error: { code: "not_found", requestId: id } });
    expect(requestLines()).toEqual([expect.objectContaining({ level: "warn", requestId: id, status: 404, errorCode: "not_found" })]);
  });

  it("puts the id in tRPC errors (data.requestId) and names the procedure in the log line", async () => {
    const res = await callWorker("/api/trpc/auth.me");
    const id = res.headers.get("X-Request-Id");
    const body = await res.json<{ error: { json: { data: { appCode: string; requestId: string } } } }>();
    expect(body.error.json.data).toMatchObject({ appCode: "unauthorized", requestId: id });
    expect(requestLines()).toEqual([expect.objectContaining({ requestId: id, procedures: "auth.me", status: 401, errorCode: "unauthorized" })]);
  });

  it("logs an internal error's stack on the server side only", async () => {
    // An invalid setting makes every request fail inside the worker.
    const res = await callWorker("/api/trpc/system.info", {}, { CORS_ALLOWED_ORIGINS: "http://a.example", ENVIRONMENT: "nowhere" });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    const id = res.headers.get("X-Request-Id");
    expect(text).toContain(id);
    const errorLine = lines.find((l) => l.level === "error" && l.requestId === id && l.message !== "request");
    expect(errorLine?.stack ?? errorLine?.error).toBeDefined();
    expect(requestLines()).toEqual([expect.objectContaining({ level: "error", requestId: id, status: 500, errorCode: "internal" })]);
  });

  it("writes one line per email() run and per scheduled() run, each with its own id", async () => {
    const ctx = createExecutionContext();
    await worker.email(emailMessage({ from: "a@example.com", to: "nobody@mail.localhost", raw: simpleMail({ to: "nobody@mail.localhost", messageId: "<log@x>", subject: "S", text: "T" }) }), env, ctx);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const emailLine = lines.find((l) => l.message === "email");
    const cronLine = lines.find((l) => l.message === "scheduled");
    expect(emailLine).toMatchObject({ level: "info", status: "rejected" });
    expect(typeof emailLine?.durationMs).toBe("number");
    expect(cronLine).toMatchObject({ level: "info", cron: "17 3 * * *", retention: { messages: 0 } });
    expect(typeof emailLine?.requestId).toBe("string");
    expect(typeof cronLine?.requestId).toBe("string");
    expect(emailLine?.requestId).not.toBe(cronLine?.requestId);
  });
});
