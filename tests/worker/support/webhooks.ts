import type { Vars } from "@mailroom/config";
import { inject } from "vitest";
import { createClient } from "./client.ts";
import { seedUser } from "./seed.ts";

/** The fake receiver's base URL, and a loopback URL where nothing listens. */
export const receiverUrl = () => inject("fakes").receiver ?? "";
export const closedUrl = () => inject("fakes").closed ?? "";

/** A `/hook` scenario URL of the fake receiver (status, text, delayMs, location). */
export function hookUrl(scenario: Record<string, string | number> = {}, tag = crypto.randomUUID()): string {
  const query = new URLSearchParams({ tag, ...Object.fromEntries(Object.entries(scenario).map(([k, v]) => [k, String(v)])) });
  return `${receiverUrl()}/hook?${query.toString()}`;
}

/** Registers the secret the receiver's `/verified?key=` route checks signatures with. */
export async function registerSecret(key: string, secret: string): Promise<void> {
  const res = await fetch(`${receiverUrl()}/secrets`, { method: "POST", body: JSON.stringify({ key, secret }) });
  if (!res.ok) throw new Error("the receiver refused the secret");
}

export interface ReceivedRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** What the receiver got for one `tag` (or one `key`). */
export async function received(filter: { tag?: string; key?: string }): Promise<ReceivedRequest[]> {
  const res = await fetch(`${receiverUrl()}/__requests`);
  const all = await res.json<ReceivedRequest[]>();
  return all.filter((r) => (filter.tag === undefined || r.query.tag === filter.tag) && (filter.key === undefined || r.query.key === filter.key));
}

/** A signed-in user with a tRPC client (settings overridable per client). */
export async function signedIn(overrides: Vars = {}) {
  const user = await seedUser();
  const client = createClient({ overrides });
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}
