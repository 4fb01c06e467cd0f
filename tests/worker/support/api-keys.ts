import type { Vars } from "@mailroom/config";
import { callWorker } from "./call-worker.ts";
import { createClient } from "./client.ts";
import { seedUser } from "./seed.ts";

/** A signed-in user (browser-like client) with one API key made through `apiKeys.create`. */
export async function keyOwner(options: { role?: "admin" | "user" } = {}) {
  const user = await seedUser(options.role ? { role: options.role } : {});
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  const created = await client.trpc.apiKeys.create.mutate({ name: "script" });
  return { ...client, user, key: created.key, keyId: created.id };
}

/** A call to the REST API v1 with a key (or none), as a script makes it. */
export function v1(path: string, key: string | undefined, init: RequestInit & { overrides?: Vars } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set("Authorization", `Bearer ${key}`);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return callWorker(`/api/v1${path}`, { ...init, headers }, init.overrides);
}

export interface ErrorBody {
  ok: false;
  error: { code: string; message: string; requestId: string };
}
