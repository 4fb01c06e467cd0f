import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";

describe("GET /api/system/health", () => {
  it("answers ok with the environment and the app name", async () => {
    const res = await callWorker("/api/system/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, environment: "local", appName: "Mailroom" });
  });

  it("echoes the configured environment and name", async () => {
    const res = await callWorker("/api/system/health", {}, { ENVIRONMENT: "staging", APP_NAME: "Mailroom (staging)" });
    expect(await res.json()).toEqual({ ok: true, environment: "staging", appName: "Mailroom (staging)" });
  });

  it("does not need the database", async () => {
    const res = await callWorker("/api/system/health", {}, { DB: undefined });
    expect(res.status).toBe(200);
  });

  it("reports an invalid configuration by setting name, without values or stack", async () => {
    const res = await callWorker("/api/system/health", {}, { ENVIRONMENT: "prod", CODEHOST_API_BASE_URL: "not a url" });
    expect(res.status).toBe(500);
    const body = await res.json<{ ok: boolean; error: { code: string; message: string } }>();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe("internal");
    expect(body.error.message).toContain("ENVIRONMENT");
    expect(body.error.message).toContain("CODEHOST_API_BASE_URL");
    expect(body.error.message).not.toContain("not a url");
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });
});
