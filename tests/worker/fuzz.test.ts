// The fuzz suite: seeded, generated HTTP requests against the real worker (workerd, local D1/KV/R2),
// across every tRPC procedure of appRouter and every REST route of the Hono app, as nobody, a user
// and an administrator. Every answer must be below 500 and, when it is an error, carry the
// contract's shape with the request's id (CONTRACT §3).
//
// The run's seed is printed by tests/worker/setup/seed.ts. To replay a failure, run the same seed:
//   cd tests && FUZZ_SEED=<seed> npx vitest run --config worker/vitest.config.ts fuzz
// fast-check then regenerates the same requests and shrinks to the smallest failing one, which the
// failure message shows (method, path, headers and the start of the body).
import { appRouter } from "@mailroom/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { app } from "../../apps/worker/src/app.ts";
import { startSession } from "../../packages/api/src/services/auth/sessions.ts";
import { callWorker, origin } from "./support/call-worker.ts";
import { oauthOverrides } from "./support/oauth.ts";
import { seedUser } from "./support/seed.ts";
import { serviceContext } from "./support/service-context.ts";

const seed = inject("fuzzSeed");
const runs = 2400;

// Everything configured, so a 503 "not configured" (a deployment matter, not a client mistake)
// cannot hide a real 5xx: both OAuth providers on their fakes, the bot on the fake Bot API, the
// webhook secret key.
const settings = {
  ...oauthOverrides(),
  MESSENGER_BOT_TOKEN: "good-token",
  MESSENGER_API_BASE_URL: inject("fakes").telegram ?? "",
  WEBHOOK_SECRET_KEY: btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i))),
};

// tRPC keeps a flat path → procedure record next to the nested one its types describe.
const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;
const procedures = Object.entries(flat).map(([path, procedure]) => ({ path, type: procedure._def.type }));

// Every REST route the app registers (middleware is registered for "/*" and "/api/*").
const middlewarePaths = new Set(["/*", "/api/*"]);
const restRoutes = [...new Map(app.routes.filter((r) => !middlewarePaths.has(r.path)).map((r) => [`${r.method} ${r.path}`, r])).values()].filter(
  (r) => !r.path.startsWith("/api/trpc"),
);

type ActorName = "nobody" | "user" | "admin";
const sessions: Record<ActorName, string | undefined> = { nobody: undefined, user: undefined, admin: undefined };
const accounts: Partial<Record<ActorName, string>> = {};

async function signIn(actor: "user" | "admin"): Promise<void> {
  const userId = accounts[actor] ?? (await seedUser({ role: actor })).id;
  accounts[actor] = userId;
  // Straight through the service: fuzzed logins may lock the account's password login.
  sessions[actor] = await startSession(serviceContext(), userId);
}

// ---------------------------------------------------------------------------------- generators

const megabyte = "x".repeat(1024 * 1024);
const nastyStrings = [
  "", " ", "\u0000", "\u0007\u001b[31m", "\r\n\r\n", "\ud800", "\udfff", "a\ud83dz", "\u202e\u2066", "\ufeff", "%", "%ZZ", "%E0%A4", "../../etc/passwd",
  "<script>alert(1)</script>", "' OR 1=1 --", "${{7*7}}", "__proto__", "constructor", "null", "NaN", "-0", "1e309", "0x10", "😀".repeat(50),
  "a".repeat(65), "b".repeat(257), "c".repeat(5000), "d".repeat(900 * 1024), megabyte, "user@example.com", "ABCD-EFGH-JKMN-PQRS-TUVW",
  "javascript:alert(1)", "//evil.example", "/\\evil.example", "codehost", "forum", "admin", "user", "2026-01-01T00:00:00.000Z",
];
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const nastyNumber = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER), fc.double({ noNaN: true, noDefaultInfinity: true }));
const fieldNames = [
  "email", "password", "inviteCode", "name", "id", "ids", "mailboxId", "cursor", "limit", "query", "read", "localPart", "domain", "expiresInHours",
  "ticket", "provider", "count", "maxUses", "expiresAt", "role", "disabled", "userId", "url", "events", "enabled", "deliveryId", "to", "subject",
  "text", "html", "expiresInDays", "key", "domains", "defaultDomain", "__proto__", "constructor",
];
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie("value"), { maxKeys: 5 }),
  ),
}));
/** An object shaped like a procedure's input: plausible field names, implausible values. */
const inputObject = fc.dictionary(fc.constantFrom(...fieldNames), jsonValue, { maxKeys: 6 });

const deepJson = fc.integer({ min: 50, max: 20_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);
const deepObject = fc.integer({ min: 50, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);

/** A request body as sent: superjson (valid or not), bare JSON, or not JSON at all. */
const body = fc.oneof(
  { weight: 5, arbitrary: inputObject.map((json) => JSON.stringify({ json })) },
  { weight: 2, arbitrary: jsonValue.map((json) => JSON.stringify({ json })) },
  { weight: 1, arbitrary: fc.tuple(inputObject, fc.constantFrom('{"values":{"email":["Date"]}}', '{"values":["map"]}', '{"values":{"__proto__":["set"]}}', '{"referentialEqualities":{"a":["b"]}}', '{"values":{"id":[["custom","nope"]]}}', '"meta"')).map(([json, meta]) => `{"json":${JSON.stringify(json)},"meta":${meta}}`) },
  { weight: 1, arbitrary: jsonValue.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom("", "{", "{not json", "null", "[]", '"x"', "\u0000", "json=1&x=2", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--") },
  { weight: 1, arbitrary: fc.oneof(deepJson, deepObject).map((nested) => `{"json":${nested}}`) },
  { weight: 1, arbitrary: fc.constantFrom(`{"json":{"email":"${megabyte}"}}`, `{"json":{"id":"${"d".repeat(900 * 1024)}"}}`) },
);

const contentType = fc.constantFrom(
  "application/json", "application/json", "application/json", "APPLICATION/JSON", "application/json; charset=utf-8", "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/octet-stream", "application/jsonl", undefined,
);
const cookie = fc.oneof(
  { weight: 6, arbitrary: fc.constant("actor") },
  { weight: 1, arbitrary: fc.constantFrom("app_session=", "app_session=garbage", `app_session=${"a".repeat(5000)}`, "app_session=a; app_session=b", ";;;=", "oauth_binding=x; app_session=%ZZ", "=app_session") },
);
const extraHeaders = fc.record(
  {
    "trpc-accept": fc.constantFrom("application/jsonl", "application/json"),
    Authorization: fc.constantFrom("Bearer mr_garbage", "Bearer ", "Basic Zm9vOmJhcg==", `Bearer ${"k".repeat(300)}`),
    Origin: fc.constantFrom("https://evil.example", "http://127.0.0.1:3000", "null"),
    Accept: fc.constantFrom("application/jsonl", "*/*", "text/html"),
  },
  { requiredKeys: [] },
);
const otherMethod = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");
/** A path segment: plain, percent-encoded, or malformed percent-encoding. */
const segment = fc.oneof(
  nastyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "x"))),
  fc.constantFrom("%ZZ", "%", "%E0", "%C0%AF", "%2e%2e", "..", "%00", "a%2Fb"),
  fc.uuid(),
);
const actor = fc.constantFrom<ActorName>("nobody", "user", "user", "admin", "admin");

interface FuzzRequest {
  actor: ActorName;
  method: string;
  path: string;
  contentType: string | undefined;
  cookie: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const procedure = fc.constantFrom(...procedures);
const procedurePath = fc.oneof(
  { weight: 8, arbitrary: procedure.map((p) => p.path) },
  { weight: 1, arbitrary: fc.tuple(procedure, fc.constantFrom("%ZZ", "%E0", ".%", "/x", "%2C")).map(([p, tail]) => `${p.path}${tail}`) },
);

/** One tRPC call, the right way round or not. */
const trpcCall = fc
  .record({ actor, procedure, path: procedurePath, rightMethod: fc.boolean(), method: otherMethod, contentType, cookie, headers: extraHeaders, body, asQuery: fc.boolean() })
  .map((r): FuzzRequest => {
    const method = r.rightMethod ? (r.procedure.type === "query" ? "GET" : "POST") : r.method;
    const query = method === "GET" && r.asQuery ? `?input=${encodeURIComponent(r.body.replace(/[\ud800-\udfff]/g, "x"))}` : "";
    const withBody = method !== "GET" && method !== "HEAD";
    return { actor: r.actor, method, path: `/api/trpc/${r.path}${query}`, contentType: r.contentType, cookie: r.cookie, headers: r.headers, body: withBody ? r.body : undefined };
  });

/** A batch of calls (sometimes over the cap of 20), inputs keyed by index. */
const trpcBatch = fc
  .record({ actor, calls: fc.array(procedurePath, { minLength: 1, maxLength: 24 }), inputs: fc.array(fc.oneof(inputObject, jsonValue), { maxLength: 24 }), post: fc.boolean(), contentType, cookie, headers: extraHeaders })
  .map((r): FuzzRequest => {
    const input = JSON.stringify(Object.fromEntries(r.inputs.map((json, i) => [String(i), { json }])));
    const path = `/api/trpc/${r.calls.join(",")}?batch=1`;
    return r.post
      ? { actor: r.actor, method: "POST", path, contentType: r.contentType, cookie: r.cookie, headers: r.headers, body: input }
      : { actor: r.actor, method: "GET", path: `${path}&input=${encodeURIComponent(input.replace(/[\ud800-\udfff]/g, "x"))}`, contentType: undefined, cookie: r.cookie, headers: r.headers, body: undefined };
  });

/** A REST route of the app with its parameters filled in (or mangled), by its method or another. */
const restCall = fc
  .record({
    actor,
    route: fc.constantFrom(...restRoutes),
    params: fc.array(fc.oneof(fc.constantFrom("codehost", "forum", "gitlab", "CODEHOST"), segment), { minLength: 4, maxLength: 4 }),
    query: fc.array(fc.tuple(fc.constantFrom("next", "code", "state", "error", "limit", "cursor", "wait", "since", "x"), segment), { maxLength: 4 }),
    rightMethod: fc.boolean(),
    method: otherMethod,
    contentType,
    cookie,
    headers: extraHeaders,
    body,
  })
  .map((r): FuzzRequest => {
    let index = 0;
    const path = r.route.path.replace(/:[A-Za-z]+(\{[^}]*\})?\??|\*/g, () => r.params[index++ % r.params.length] ?? "x");
    const query = r.query.length > 0 ? `?${r.query.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
    const method = r.rightMethod && r.route.method !== "ALL" ? r.route.method : r.method;
    const withBody = method !== "GET" && method !== "HEAD";
    return { actor: r.actor, method, path: `${path}${query}`, contentType: r.contentType, cookie: r.cookie, headers: r.headers, body: withBody ? r.body : undefined };
  });

/** Paths nobody registered, under /api and beside it. */
const strayCall = fc
  .record({ actor, prefix: fc.constantFrom("/api/", "/api/trpc", "/api/v1/", "/", "/api/auth/oauth/"), segments: fc.array(segment, { maxLength: 3 }), method: otherMethod, cookie, headers: extraHeaders })
  .map((r): FuzzRequest => ({ actor: r.actor, method: r.method, path: `${r.prefix}${r.segments.join("/")}`, contentType: undefined, cookie: r.cookie, headers: r.headers, body: undefined }));

const request = fc.oneof({ weight: 6, arbitrary: trpcCall }, { weight: 2, arbitrary: trpcBatch }, { weight: 3, arbitrary: restCall }, { weight: 1, arbitrary: strayCall });

// ---------------------------------------------------------------------------------- checks

let ipCounter = 0;

function describeRequest(r: FuzzRequest): string {
  const shown = r.body === undefined ? "" : ` body(${r.body.length})=${JSON.stringify(r.body.slice(0, 300))}`;
  return `${r.actor} ${r.method} ${r.path.slice(0, 400)} content-type=${String(r.contentType)} cookie=${r.cookie.slice(0, 60)} headers=${JSON.stringify(r.headers)}${shown}`;
}

async function send(r: FuzzRequest): Promise<Response> {
  ipCounter += 1;
  const headers = new Headers(r.headers);
  // Each request from its own address: the per-address limits are not what is fuzzed here.
  headers.set("cf-connecting-ip", `100.64.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`);
  if (r.contentType) headers.set("Content-Type", r.contentType);
  const session = sessions[r.actor];
  const cookieHeader = r.cookie === "actor" ? (session ? `app_session=${session}` : undefined) : r.cookie;
  if (cookieHeader) headers.set("Cookie", cookieHeader);
  // Joined, not resolved: a generated path may start with "//", which is still a path here.
  return callWorker(`${origin}${r.path}`, { method: r.method, headers, body: r.body ?? null, redirect: "manual" }, settings);
}

interface TrpcError {
  error?: { json?: { message?: unknown; data?: { appCode?: unknown; requestId?: unknown } } };
}

/** What is wrong with an answer, or null: a 5xx, or an error without the contract's shape and id. */
function problemWith(r: FuzzRequest, res: Response, text: string): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${text.slice(0, 500)}`;
  if (r.method === "HEAD" || res.status < 200 || (res.status >= 300 && res.status < 400) || res.status === 204) return null;
  const id = res.headers.get("X-Request-Id");
  if (!id) return "no X-Request-Id";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Successful non-JSON answers (downloads) are fine; errors must be JSON.
    return res.status >= 400 ? `error answer is not JSON: ${text.slice(0, 200)}` : null;
  }
  const pathname = new URL(`${origin}${r.path}`).pathname;
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/")) {
    const entries = (Array.isArray(json) ? json : [json]) as TrpcError[];
    for (const entry of entries) {
      if (!entry.error) continue;
      const { message, data } = entry.error.json ?? {};
      if (typeof message !== "string" || typeof data?.appCode !== "string" || data.requestId !== id) return `tRPC error without message/appCode/requestId: ${text.slice(0, 300)}`;
    }
    if (res.status >= 400 && !entries.some((e) => e.error)) return `tRPC ${res.status} without an error: ${text.slice(0, 300)}`;
    return null;
  }
  if (res.status < 400) return null;
  const error = (json as { ok?: unknown; error?: { code?: unknown; message?: unknown; requestId?: unknown } }).error;
  if ((json as { ok?: unknown }).ok !== false || typeof error?.code !== "string" || typeof error.message !== "string" || error.requestId !== id) {
    return `REST error without {ok:false, error:{code, message, requestId}}: ${text.slice(0, 300)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------- the suite

const serverLog: string[] = [];

describe(`fuzz: ${String(runs)} generated requests over every procedure and route (seed ${String(seed)})`, () => {
  beforeAll(async () => {
    await signIn("user");
    await signIn("admin");
    // 2,400 requests write thousands of log lines; keep the server's errors for a failure's message.
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      serverLog.push(args.map(String).join(" ").slice(0, 2000));
    });
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("enumerates the procedures and routes it fuzzes", () => {
    expect(procedures.length).toBeGreaterThan(30);
    expect(restRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["GET /api/system/health", "GET /api/auth/oauth/:provider/start", "POST /api/messenger/webhook", "GET /api/messages/:messageId/raw"]),
    );
  });

  it("never answers 5xx, and every error has the contract's shape and the request id", { timeout: 240_000 }, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const res = await send(r);
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // auth.logout (or a rejected cookie) ended an actor's session: sign it in again.
        if (r.actor !== "nobody" && res.headers.getSetCookie().some((c) => c.startsWith("app_session=;"))) await signIn(r.actor);
        const problem = problemWith(r, res, text);
        if (problem) throw new Error(`${describeRequest(r)}\n→ ${problem}\nserver errors:\n${serverLog.slice(-3).join("\n")}`);
      }),
      { seed, numRuns: runs },
    );
    console.info(`fuzz (seed ${String(seed)}): statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  });
});
