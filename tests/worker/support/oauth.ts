import type { Vars } from "@mailroom/config";
import { inject } from "vitest";
import type { RecordedRequest } from "../../support/fake-server.ts";
import { callWorker } from "./call-worker.ts";
import { oauthSettings } from "./oauth-scenarios.ts";

export type Provider = "codehost" | "forum";

/** The front-end origin the callback URLs are registered under in these tests. */
export const callbackOrigin = "https://mail.example.test";

export function oauthOverrides(extra: Vars = {}): Vars {
  const fakes = inject("fakes");
  return { ...oauthSettings({ codehost: fakes.codehost ?? "", forum: fakes.forum ?? "" }, callbackOrigin), ...extra };
}

// Every call gets its own client address unless told otherwise, so rate limits never couple tests.
const ipBase = Math.floor(Math.random() * 200);
let ipCounter = 0;
export function freshIp(): string {
  ipCounter += 1;
  return `10.${ipBase}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

let tagCounter = 0;
/** A tag for scenario codes that no other test (in any file) uses. */
export function uniqueTag(): string {
  tagCounter += 1;
  return `${Date.now() % 1_000_000}${String(tagCounter).padStart(3, "0")}${Math.floor(Math.random() * 1000)}`;
}

interface CallOptions {
  overrides?: Vars;
  ip?: string;
}

// The browser a state was started in: state → its `oauth_binding` cookie, which `callback` sends
// back like that browser would (unless a test says otherwise).
const bindings = new Map<string, string>();

/** The value of the cookie `name` a response set, if any (an expiring cookie counts as ""). */
function setCookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(header);
    if (match) return match[1];
  }
  return undefined;
}

export async function startLogin(provider: string, next?: string, options: CallOptions = {}) {
  const query = next === undefined ? "" : `?next=${encodeURIComponent(next)}`;
  const response = await callWorker(
    `/api/auth/oauth/${provider}/start${query}`,
    { headers: { "cf-connecting-ip": options.ip ?? freshIp() }, redirect: "manual" },
    options.overrides ?? oauthOverrides(),
  );
  const location = response.headers.get("location") ?? "";
  const url = location.startsWith("http") ? new URL(location) : undefined;
  const state = url?.searchParams.get("state") ?? "";
  const binding = setCookieValue(response, "oauth_binding");
  if (state && binding) bindings.set(state, binding);
  return { response, location, url, state, binding };
}

/** The `app_session` cookie value a response set, if any. */
function sessionCookieOf(response: Response): string | undefined {
  return setCookieValue(response, "app_session") || undefined;
}

/**
 * The provider sends the browser back. It carries the `oauth_binding` cookie its start set,
 * unless `binding` says otherwise (`null`: a browser without the cookie).
 */
export async function callback(provider: string, params: Record<string, string>, options: CallOptions & { binding?: string | null } = {}) {
  const binding = options.binding === undefined ? bindings.get(params.state ?? "") : options.binding;
  const response = await callWorker(
    `/api/auth/oauth/${provider}/callback?${new URLSearchParams(params).toString()}`,
    { headers: { "cf-connecting-ip": options.ip ?? freshIp(), ...(binding ? { Cookie: `oauth_binding=${binding}` } : {}) }, redirect: "manual" },
    options.overrides ?? oauthOverrides(),
  );
  return { response, location: response.headers.get("location") ?? "", cookie: sessionCookieOf(response) };
}

/** A whole round trip: start (with `next`), then the provider sends the browser back with `code`. */
export async function login(provider: Provider, code: string, next?: string) {
  const started = await startLogin(provider, next);
  if (started.response.status !== 302 || !started.state) throw new Error(`start failed: ${started.response.status}`);
  return callback(provider, { code, state: started.state });
}

/** The invite ticket id of an invite-prompt redirect. */
export function ticketOf(location: string): string {
  const url = new URL(location, callbackOrigin);
  if (url.pathname !== "/login" || url.searchParams.get("oauth") !== "invite") throw new Error(`not an invite prompt: ${location}`);
  return url.searchParams.get("ticket") ?? "";
}

export async function finalizeRest(provider: string, body: unknown, options: CallOptions & { raw?: string } = {}) {
  const response = await callWorker(
    `/api/auth/oauth/${provider}/finalize`,
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": options.ip ?? freshIp() },
      body: options.raw ?? JSON.stringify(body),
    },
    options.overrides ?? oauthOverrides(),
  );
  const json = await response.json<{ ok: boolean; redirectTo?: string; error?: { code: string; message: string } }>();
  return { response, json, cookie: sessionCookieOf(response) };
}

/** What a fake provider received (token exchanges, profile calls). */
export async function fakeRequests(name: Provider): Promise<RecordedRequest[]> {
  return (await fetch(`${inject("fakes")[name] ?? ""}/__requests`)).json<RecordedRequest[]>();
}
