import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";

const preflight = (origin: string) => ({
  method: "OPTIONS",
  headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
});

describe("CORS", () => {
  it("allows exactly a configured origin, with credentials", async () => {
    const res = await callWorker("/api/trpc/system.info", preflight("http://127.0.0.1:3000"));
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:3000");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    expect(res.headers.get("Vary")).toContain("Origin");
  });

  it("gives a foreign origin no CORS grant", async () => {
    const res = await callWorker("/api/trpc/system.info", preflight("https://evil.example"));
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("does not match by prefix or suffix", async () => {
    for (const origin of ["http://127.0.0.1:30000", "http://127.0.0.1", "https://127.0.0.1:3000"]) {
      const res = await callWorker("/api/system/health", { headers: { Origin: origin } });
      expect(res.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
    }
  });

  it("never answers with *, and a * in the setting allows no origin at all", async () => {
    const res = await callWorker("/api/system/health", { headers: { Origin: "https://app.example" } }, { CORS_ALLOWED_ORIGINS: "*" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("adds the grant on simple requests from an allowed origin", async () => {
    const res = await callWorker("/api/system/health", { headers: { Origin: "http://localhost:3000" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:3000");
  });

  it("lets a script on an allowed origin read the request id and the quota headers of API calls", async () => {
    const res = await callWorker("/api/system/health", { headers: { Origin: "http://localhost:3000" } });
    const exposed = (res.headers.get("Access-Control-Expose-Headers") ?? "").split(",").map((h) => h.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(["x-request-id", "retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]));
  });
});

describe("Origin check on state-changing requests", () => {
  const post = (origin?: string) => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(origin ? { Origin: origin } : {}) },
    body: "{}",
  });

  it("refuses a foreign origin with 403 forbidden", async () => {
    const res = await callWorker("/api/trpc/system.info", post("https://evil.example"));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        json: {
          message: "Requests from this origin are not allowed",
          code: -32003,
          data: { appCode: "forbidden", httpStatus: 403, requestId: res.headers.get("X-Request-Id") },
        },
      },
    });
    const rest = await callWorker("/api/auth/oauth/codehost/finalize", post("https://evil.example"));
    expect(await rest.json()).toEqual({
      ok: false,
      error: { code: "forbidden", message: "Requests from this origin are not allowed", requestId: rest.headers.get("X-Request-Id") },
    });
  });

  it("lets allowed origins, the API's own origin and origin-less calls through the guard", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://127.0.0.1:8787", undefined]) {
      const res = await callWorker("/api/trpc/system.info", post(origin));
      // system.info is a query: past the guard, tRPC refuses POST with its own 405/404, never 403.
      expect(res.status, String(origin)).not.toBe(403);
    }
  });

  it("leaves reads alone whatever their origin", async () => {
    const res = await callWorker("/api/system/health", { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});
