import { AppError, resolveKeyActor } from "@mailroom/api";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { mcpServer } from "../mcp/server.ts";

export const mcpPath = "/api/mcp";

/**
 * MCP over Streamable HTTP (CONTRACT §14), stateless: every POST carries its own API key and gets
 * a fresh server, so any worker instance answers any request. Nothing streams from the server
 * on its own, so the GET stream and session DELETE are not offered (405, which clients expect).
 */
export const mcpRoutes = new Hono<AppEnv>().all("/", async (c) => {
  if (c.req.method !== "POST") {
    c.header("Allow", "POST");
    throw new AppError("method_not_allowed", "MCP is served statelessly here: POST JSON-RPC messages");
  }
  const ctx = c.get("ctx");
  const key = ctx.credentials.apiKey;
  const actor = key === undefined ? null : await resolveKeyActor(ctx, key);
  if (!actor) throw new AppError("unauthorized", "An API key is required: Authorization: Bearer mr_…");
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await mcpServer({ ...ctx, actor }).connect(transport);
  return transport.handleRequest(c.req.raw);
});
