import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { text as readBody } from "node:stream/consumers";

/** A request as a fake third party saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
}

interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: unknown;
}

export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeServer {
  name: string;
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

/**
 * The one way tests stand in for a third party: an HTTP server on 127.0.0.1 that answers
 * `"METHOD /path"` routes with the provider's real wire format and records every request.
 * Tests running inside workerd read the log over HTTP: `GET /__requests` (JSON array),
 * `DELETE /__requests` clears it.
 */
export async function startFakeServer(name: string, routes: Record<string, FakeHandler>): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname === "/__requests") {
        if (req.method === "DELETE") requests.length = 0;
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests));
        return;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")])),
        body: await readBody(req),
        at: Date.now(),
      };
      requests.push(recorded);
      const handler = routes[`${recorded.method} ${recorded.path}`];
      const answer: FakeResponse = handler
        ? await handler(recorded)
        : { status: 404, body: { error: `${name} fake has no route ${recorded.method} ${recorded.path}` } };
      const isText = typeof answer.body === "string";
      res.writeHead(answer.status ?? 200, {
        "content-type": isText ? "text/plain" : "application/json",
        // No keep-alive: a pooled connection the server closes as idle just when workerd reuses it
        // fails the call ("Network connection lost"), which made upstream failures appear at random.
        connection: "close",
        ...answer.headers,
      });
      res.end(answer.body === undefined ? "" : isText ? (answer.body as string) : JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" }).end(`${name} fake failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => {
          if (e) reject(e);
          else resolve();
        });
      }),
  };
}
