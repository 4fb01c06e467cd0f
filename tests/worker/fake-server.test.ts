import { describe, expect, inject, it } from "vitest";

describe("fake third-party servers", () => {
  it("are reachable on loopback from inside workerd and record what they receive", async () => {
    const base = inject("fakes").echo;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
    expect(await res.json()).toEqual({ received: "hello", contentType: "text/plain" });
    const log = await (await fetch(`${base}/__requests`)).json<{ path: string; body: string }[]>();
    expect(log.some((r) => r.path === "/echo" && r.body === "hello")).toBe(true);
  });

  it("answer unknown routes with 404", async () => {
    const res = await fetch(`${inject("fakes").echo}/missing`);
    expect(res.status).toBe(404);
  });
});
