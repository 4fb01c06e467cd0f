import { appRouter } from "@mailroom/api";
import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { createClient } from "./support/client.ts";
import { seedUser } from "./support/seed.ts";

// The procedures anyone may call. A new public procedure must be added here on purpose; every
// other procedure, present or future, is checked below to refuse callers without a session.
const publicProcedures = new Set([
  "system.info",
  "auth.register",
  "auth.login",
  "auth.passkeyOptions",
  "auth.passkeyLogin",
  "auth.logout",
  "auth.session",
  "auth.oauth.providers",
  "auth.oauth.ticket",
  "auth.oauth.finalize",
]);

// tRPC keeps a flat path → procedure record next to the nested one its types describe.
const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>;
const procedures = Object.entries(flat).map(
  ([path, procedure]) => ({ path, type: procedure._def.type }),
);

/** Calls a procedure over HTTP the way the web client does, with no input. */
async function call(path: string, type: string, cookie?: string): Promise<{ status: number; code: string | undefined }> {
  const headers = new Headers(cookie ? { Cookie: `app_session=${cookie}` } : {});
  const res =
    type === "query"
      ? await callWorker(`/api/trpc/${path}`, { headers })
      : await callWorker(`/api/trpc/${path}`, { method: "POST", headers: { ...Object.fromEntries(headers), "Content-Type": "application/json" }, body: "{}" });
  const body = await res.json<{ error?: { json?: { data?: { appCode?: string } } } }>();
  return { status: res.status, code: body.error?.json?.data?.appCode };
}

async function sessionOf(role: "admin" | "user"): Promise<string> {
  const user = await seedUser({ role });
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  if (!client.state.cookie) throw new Error("no session");
  return client.state.cookie;
}

describe("the guard over every procedure of appRouter", () => {
  it("finds the procedures, and every public one still exists", () => {
    expect(procedures.length).toBeGreaterThan(30);
    for (const name of publicProcedures) expect(procedures.map((p) => p.path)).toContain(name);
  });

  it("refuses every non-public procedure without a session: 401 unauthorized", async () => {
    const guarded = procedures.filter((p) => !publicProcedures.has(p.path));
    for (const { path, type } of guarded) {
      expect({ path, ...(await call(path, type)) }).toEqual({ path, status: 401, code: "unauthorized" });
    }
  });

  it("refuses every admin.* procedure to a plain user (403 forbidden), and no other procedure", async () => {
    const cookie = await sessionOf("user");
    // Public procedures are left out: `auth.logout` would end the session the sweep uses.
    for (const { path, type } of procedures.filter((p) => !publicProcedures.has(p.path))) {
      const answer = await call(path, type, cookie);
      if (path.startsWith("admin.")) expect({ path, ...answer }).toEqual({ path, status: 403, code: "forbidden" });
      else expect({ path, code: answer.code }).not.toEqual({ path, code: "forbidden" });
    }
  });

  it("lets an administrator past the guard on every admin.* procedure", async () => {
    const cookie = await sessionOf("admin");
    for (const { path, type } of procedures.filter((p) => p.path.startsWith("admin."))) {
      const answer = await call(path, type, cookie);
      expect({ path, unauthorized: answer.code === "unauthorized" || answer.code === "forbidden" }).toEqual({ path, unauthorized: false });
    }
  });
});
