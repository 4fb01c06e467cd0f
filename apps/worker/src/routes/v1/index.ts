import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../http/env.ts";
import { keyContext, v1Routes } from "./context.ts";
import { mailboxRoutes } from "./mailboxes.ts";
import { messageRoutes } from "./messages.ts";
import { outboundRoutes } from "./outbound.ts";
import { referencePage } from "./reference-page.ts";

const v1Path = "/api/v1";
const documentPath = `${v1Path}/openapi.json`;
const docsPath = `${v1Path}/docs`;

/**
 * The public REST API v1 (CONTRACT §10a): key-authenticated routes, their OpenAPI 3.1 document
 * and its reference page (both public). The key is resolved and counted before validation, so a
 * malformed call made with a key counts too, and a call without one is a 401 whatever it holds.
 */
export const v1 = v1Routes();

v1.use(
  `${v1Path}/*`,
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.path !== documentPath && c.req.path !== docsPath) await keyContext(c);
    await next();
  }),
);
v1.route(v1Path, mailboxRoutes).route(v1Path, messageRoutes).route(v1Path, outboundRoutes);

v1.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
  type: "http",
  scheme: "bearer",
  description: "An API key (`mr_…`) made under Settings → API keys. Every call counts 1 against your daily quota (UTC day).",
});

const document = (origin: string) => ({
  openapi: "3.1.0",
  info: {
    title: "Mailroom API",
    version: "1.0.0",
    description:
      "Mailboxes, received mail with the codes and links recognized in it, and outbound mail, for scripts and test suites. " +
      "Errors answer `{ok: false, error: {code, message, requestId}}`. Agents can use the same through MCP at `/api/mcp`.",
  },
  servers: [{ url: origin }],
});

v1.doc31(documentPath, (c) => document(new URL(c.req.url).origin));

// Rendered here from the same document, with no script: it works offline and loads nothing foreign.
v1.get(docsPath, (c) => {
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  return c.html(referencePage(v1.getOpenAPI31Document(document(new URL(c.req.url).origin)), documentPath));
});
