import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";

describe("error model", () => {
  it("answers unknown REST paths with the JSON error shape", async () => {
    const res = await callWorker("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: { code: "not_found", message: "Not found", requestId: res.headers.get("X-Request-Id") } });
  });

  it("answers unknown procedures with data.appCode", async () => {
    const res = await callWorker("/api/trpc/nope.nothing");
    expect(res.status).toBe(404);
    const body = await res.json<{ error: { json: { message: string; data: { appCode: string } } } }>();
    expect(body.error.json.data.appCode).toBe("not_found");
    expect(JSON.stringify(body)).not.toContain("stack");
  });

  it("refuses bodies over the limit with 413 payload_too_large", async () => {
    const res = await callWorker("/api/trpc/system.info", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    // Refused before tRPC runs, yet in tRPC's shape: tRPC clients read data.appCode.
    expect((await res.json<{ error: { json: { data: { appCode: string } } } }>()).error.json.data.appCode).toBe("payload_too_large");
  });

  it("serves procedures with the superjson transformer", async () => {
    const res = await callWorker("/api/trpc/system.info");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { json: { appName: "Mailroom", environment: "local" } } } });
  });
});
