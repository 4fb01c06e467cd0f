import { createServer } from "node:net";
import { Webhook } from "standardwebhooks";
import type { FakeHandler } from "./fake-server.ts";

/**
 * A user's webhook receiver, for Node-side setups (worker and browser suites). Routes:
 * - `POST /hook?status=&text=&size=&delayMs=&location=` answers as told (default 200 "ok";
 *   `size` pads the text with "x" to that length), after `delayMs` when given: scenarios for
 *   failures, long and slow answers, and redirects.
 * - `POST /verified?key=K` checks the Standard Webhooks signature with the `standardwebhooks`
 *   package (the scheme's reference implementation) against the secret registered for K:
 *   200 "verified" or 401 with the library's reason.
 * - `POST /secrets` `{key, secret}` registers (or replaces) the secret of K.
 * Like every fake, it records each request (`GET /__requests`).
 */
export function webhookReceiverRoutes(): Record<string, FakeHandler> {
  const secrets = new Map<string, string>();
  return {
    "POST /hook": async (request) => {
      const delayMs = Number(request.query.delayMs ?? 0);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const location = request.query.location;
      const text = request.query.text ?? "ok";
      return {
        status: Number(request.query.status ?? 200),
        body: text.padEnd(Number(request.query.size ?? 0), "x"),
        ...(location ? { headers: { location } } : {}),
      };
    },
    "POST /verified": (request) => {
      const secret = secrets.get(request.query.key ?? "");
      if (!secret) return { status: 401, body: "no secret registered for this key" };
      try {
        new Webhook(secret).verify(request.body, request.headers);
        return { status: 200, body: "verified" };
      } catch (error) {
        return { status: 401, body: `not verified: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
    "POST /secrets": (request) => {
      const { key, secret } = JSON.parse(request.body) as { key: string; secret: string };
      secrets.set(key, secret);
      return { body: { ok: true } };
    },
  };
}

/** A loopback URL where nothing listens: connections to it are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  return `http://127.0.0.1:${String(port)}`;
}
