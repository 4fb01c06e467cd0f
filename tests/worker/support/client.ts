import type { AppRouter } from "@mailroom/api";
import type { Bindings } from "@mailroom/config";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { callWorker, origin } from "./call-worker.ts";

let ipCounter = 0;

/**
 * A browser-like tRPC client over the worker's real fetch handler: it keeps the `app_session`
 * cookie like a browser would and remembers every Set-Cookie header it received. Each client
 * gets its own client address, so rate limits do not leak between tests.
 */
export function createClient(options: { overrides?: Partial<Bindings>; ip?: string; userAgent?: string; pageOrigin?: string } = {}) {
  ipCounter += 1;
  const ip = options.ip ?? `203.0.113.${ipCounter % 250}`;
  const state = { cookie: undefined as string | undefined, setCookies: [] as string[] };
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${origin}/api/trpc`,
        transformer: superjson,
        fetch: async (url, init) => {
          const headers = new Headers(init?.headers);
          headers.set("cf-connecting-ip", ip);
          if (options.userAgent) headers.set("User-Agent", options.userAgent);
          // A browser names the page that sent a POST; passkey ceremonies are bound to it.
          if (options.pageOrigin && init?.method === "POST") headers.set("Origin", options.pageOrigin);
          if (state.cookie) headers.set("Cookie", `app_session=${state.cookie}`);
          const target = typeof url === "string" ? url : url instanceof URL ? url.href : url.url;
          const res = await callWorker(target, { method: init?.method ?? "GET", headers, body: init?.body ?? null }, options.overrides);
          for (const header of res.headers.getSetCookie()) {
            state.setCookies.push(header);
            const value = /^app_session=([^;]*)/.exec(header)?.[1];
            if (value !== undefined) state.cookie = value === "" || /Max-Age=0/.test(header) ? undefined : value;
          }
          return res;
        },
      }),
    ],
  });
  return { trpc: client, state, ip };
}

export interface AppErrorShape {
  appCode: string;
  httpStatus: number;
  requestId: string | null;
  message: string;
  issues?: { path: string; message: string; rule?: string; params?: Record<string, string | number> }[];
}

/** The app error a call failed with (fails the test if it did not fail). */
export async function appError(call: Promise<unknown>): Promise<AppErrorShape> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = (error as TRPCClientError<AppRouter>).data as Omit<AppErrorShape, "message"> | undefined;
      if (data) return { ...data, message: error.message };
    }
    throw error;
  }
  throw new Error("expected the call to fail");
}
