import { AppError } from "@mailroom/api";
import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { seedUser } from "./support/seed.ts";

interface TrpcErrorBody {
  error: { json: { message: string; code: number; data: { appCode: string; httpStatus: number; requestId: string | null } } };
}

let ipCounter = 0;
async function send(path: string, init: RequestInit = {}): Promise<{ res: Response; body: unknown }> {
  ipCounter += 1;
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", `198.18.0.${ipCounter % 250}`);
  const res = await callWorker(path, { ...init, headers });
  return { res, body: await res.json() };
}

/** The answer is a tRPC error in the contract's shape, with the request's id (a batch: its first call's). */
function expectTrpcError(res: Response, body: unknown, status: number, appCode: string): void {
  const { json } = ((Array.isArray(body) ? body[0] : body) as TrpcErrorBody).error;
  expect({ status: res.status, appCode: json.data.appCode }).toEqual({ status, appCode });
  expect(json.data.httpStatus).toBe(status);
  expect(json.data.requestId).toBe(res.headers.get("X-Request-Id"));
  expect(typeof json.message).toBe("string");
  expect(json.message.length).toBeGreaterThan(0);
}

const loginBody = JSON.stringify({ json: { email: "nobody@example.com", password: "wrong password" } });

describe("tRPC requests tRPC itself refuses: a contract code and a 4xx, never 500", () => {
  it.each([
    ["text/plain (what curl -d and fetch with a string send)", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["octet-stream", "application/octet-stream"],
    ["json-looking but not JSON", "application/jsonx"],
  ])("415 unsupported_media_type for POST with %s", async (_name, type) => {
    const { res, body } = await send("/api/trpc/auth.login", { method: "POST", headers: { "Content-Type": type }, body: loginBody });
    expectTrpcError(res, body, 415, "unsupported_media_type");
  });

  it("415 unsupported_media_type for POST without a Content-Type", async () => {
    const { res, body } = await send("/api/trpc/auth.login", { method: "POST", body: new Blob([loginBody]) });
    expectTrpcError(res, body, 415, "unsupported_media_type");
  });

  it.each(["APPLICATION/JSON", "application/json; charset=utf-8", "Application/Json ; Charset=UTF-8"])(
    "accepts JSON sent as %s (media types are case-insensitive)",
    async (type) => {
      const user = await seedUser();
      const { res, body } = await send("/api/trpc/auth.login", {
        method: "POST",
        headers: { "Content-Type": type },
        body: JSON.stringify({ json: { email: user.email, password: user.password } }),
      });
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ result: { data: { json: { user: { email: user.email } } } } });
    },
  );

  it("ignores a Content-Type on GET", async () => {
    const { res } = await send("/api/trpc/system.info", { headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["DELETE", "/api/trpc/auth.me", undefined],
    ["PUT", "/api/trpc/auth.login", "application/json"],
    ["PATCH", "/api/trpc/auth.login", "application/json"],
  ])("405 method_not_allowed for %s %s, with Allow", async (method, path, type) => {
    const { res, body } = await send(path, { method, ...(type ? { headers: { "Content-Type": type }, body: loginBody } : {}) });
    expectTrpcError(res, body, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("GET, POST");
  });

  it("405 method_not_allowed for a mutation over GET and a query over POST", async () => {
    const get = await send("/api/trpc/auth.login");
    expectTrpcError(get.res, get.body, 405, "method_not_allowed");
    const post = await send("/api/trpc/auth.me", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expectTrpcError(post.res, post.body, 405, "method_not_allowed");
  });

  it.each(["/api/trpc/%ZZ", "/api/trpc/auth.me,auth.me%E0?batch=1", "/api/trpc/auth.%C0%AFme", "/api/trpc/%"])(
    "400 validation_failed for a malformed percent-encoding: %s",
    async (path) => {
      const { res, body } = await send(path);
      expectTrpcError(res, body, 400, "validation_failed");
    },
  );

  it("400 validation_failed (PARSE_ERROR/BAD_REQUEST) for a body or input that is not JSON", async () => {
    const post = await send("/api/trpc/auth.login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expectTrpcError(post.res, post.body, 400, "validation_failed");
    const get = await send(`/api/trpc/auth.oauth.ticket?input=${encodeURIComponent("{nope")}`);
    expectTrpcError(get.res, get.body, 400, "validation_failed");
    const batch = await send("/api/trpc/auth.login?batch=1", { method: "POST", headers: { "Content-Type": "application/json" }, body: '"not an object"' });
    expectTrpcError(batch.res, batch.body, 400, "validation_failed");
  });

  it("400 validation_failed, with the request id, for what tRPC refuses before it has a context", async () => {
    for (const [path, headers] of [
      // Queries and mutations mixed in one batch.
      ["/api/trpc/auth.me,auth.login?batch=1", {}],
      ["/api/trpc/system.info?connectionParams=%7Bnope", {}],
      ["/api/trpc/system.info", { "trpc-accept": "application/jsonl" }],
    ] as const) {
      const { res, body } = await send(path, { headers });
      expectTrpcError(res, body, 400, "validation_failed");
    }
  });

  it("caps a batch at 20 calls: 400 beyond, before any call runs", async () => {
    const user = await seedUser();
    const login = await send("/api/trpc/auth.login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ json: { email: user.email, password: user.password } }) });
    const cookie = login.res.headers.getSetCookie().find((h) => h.startsWith("app_session="))?.split(";")[0] ?? "";
    const twenty = await send(`/api/trpc/${Array.from({ length: 20 }, () => "auth.me").join(",")}?batch=1`, { headers: { Cookie: cookie } });
    expect(twenty.res.status).toBe(200);
    expect(twenty.body).toHaveLength(20);
    // 21 logouts would end the session if any of them ran.
    const over = await send(`/api/trpc/${Array.from({ length: 21 }, () => "auth.logout").join(",")}?batch=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: "{}",
    });
    expectTrpcError(over.res, over.body, 400, "validation_failed");
    expect((await send("/api/trpc/auth.me", { headers: { Cookie: cookie } })).res.status).toBe(200);
  });

  it("404 not_found for an unknown procedure, 401 unauthorized without a session", async () => {
    const unknown = await send("/api/trpc/no.such.procedure");
    expectTrpcError(unknown.res, unknown.body, 404, "not_found");
    const me = await send("/api/trpc/auth.me");
    expectTrpcError(me.res, me.body, 401, "unauthorized");
  });

  it("413 payload_too_large for a body over 1 MiB, in tRPC's shape", async () => {
    const { res, body } = await send("/api/trpc/auth.login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "x".repeat(1024 * 1024 + 1) });
    expectTrpcError(res, body, 413, "payload_too_large");
  });

  it("answers HEAD without a body and OPTIONS as a preflight", async () => {
    expect((await callWorker("/api/trpc/auth.me", { method: "HEAD" })).status).toBe(204);
    expect((await callWorker("/api/trpc/auth.me", { method: "OPTIONS" })).status).toBe(204);
  });
});

describe("every tRPC error code maps to a contract code", () => {
  const codes = Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[];
  const serverSide = new Set(["INTERNAL_SERVER_ERROR", "NOT_IMPLEMENTED", "BAD_GATEWAY", "SERVICE_UNAVAILABLE", "GATEWAY_TIMEOUT"]);

  it.each(codes)("%s", (code) => {
    const mapped = AppError.from(new TRPCError({ code, message: `raised as ${code}` }));
    if (serverSide.has(code)) {
      expect({ appCode: mapped.appCode, status: mapped.status, message: mapped.message }).toEqual({
        appCode: "internal",
        status: 500,
        message: "Something went wrong on our side. Please try again.",
      });
    } else {
      expect(mapped.appCode).not.toBe("internal");
      expect(mapped.status).toBeGreaterThanOrEqual(400);
      expect(mapped.status).toBeLessThan(500);
      expect(mapped.message).toBe(`raised as ${code}`);
    }
  });

  it("names the codes the HTTP tests above produce", () => {
    const expected: Partial<Record<TRPC_ERROR_CODE_KEY, [string, number]>> = {
      PARSE_ERROR: ["validation_failed", 400],
      BAD_REQUEST: ["validation_failed", 400],
      UNAUTHORIZED: ["unauthorized", 401],
      FORBIDDEN: ["forbidden", 403],
      NOT_FOUND: ["not_found", 404],
      METHOD_NOT_SUPPORTED: ["method_not_allowed", 405],
      TIMEOUT: ["request_timeout", 408],
      CONFLICT: ["conflict", 409],
      PAYLOAD_TOO_LARGE: ["payload_too_large", 413],
      UNSUPPORTED_MEDIA_TYPE: ["unsupported_media_type", 415],
      TOO_MANY_REQUESTS: ["rate_limited", 429],
      CLIENT_CLOSED_REQUEST: ["client_closed_request", 499],
    };
    for (const [code, [appCode, status]] of Object.entries(expected) as [TRPC_ERROR_CODE_KEY, [string, number]][]) {
      const mapped = AppError.from(new TRPCError({ code }));
      expect({ code, appCode: mapped.appCode, status: mapped.status }).toEqual({ code, appCode, status });
    }
  });
});
