import { AppError, chargeKeyCall } from "@mailroom/api";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { appErrorOf } from "../http/error-response.ts";
import { tools, type ToolContext } from "./tools.ts";

const instructions =
  "Mailroom gives you e-mail addresses that receive mail and pulls the verification code or sign-in link out of each message. " +
  "Typical flow: create_mailbox, use its address where a service asks for e-mail, then wait_for_code with the mailbox id.";

const byName = new Map(tools.map((tool) => [tool.name, tool]));
const listed = tools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations }));

/** A refusal or failure as a tool result: the §3 code, message and request id (CONTRACT §14). */
function errorResult(thrown: unknown, requestId: string): CallToolResult {
  const error = appErrorOf(thrown, requestId);
  const body = { code: error.appCode, message: error.message, requestId, ...(error.issues ? { issues: error.issues } : {}) };
  const details = error.issues ? ` ${error.issues.map((i) => `${i.path || "arguments"}: ${i.message}`).join("; ")}` : "";
  return { isError: true, structuredContent: { error: body }, content: [{ type: "text", text: `${error.message} (${error.appCode}).${details}` }] };
}

/**
 * One MCP server for one HTTP request (the transport is stateless): the tools of CONTRACT §14,
 * run as the key's owner. Listing is free; each tool call counts one against the daily quota.
 *
 * The SDK's low-level `Server` (its "advanced use" API) rather than `McpServer`: McpServer checks
 * arguments itself and answers a bad one with a bare text, where CONTRACT §14 wants the
 * `validation_failed` code with the field issues, as REST v1 gives them.
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
export function mcpServer(ctx: ToolContext): Server {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  const server = new Server({ name: "mailroom", title: "Mailroom", version: "1.0.0" }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    try {
      await chargeKeyCall(ctx, ctx.actor);
      const tool = byName.get(request.params.name);
      if (!tool) throw new AppError("not_found", `No tool is named "${request.params.name}"; tools/list names them`);
      const output = await tool.run(ctx, request.params.arguments);
      return { structuredContent: output.structured, content: [{ type: "text", text: output.text }] };
    } catch (error) {
      return errorResult(error, ctx.requestId);
    }
  });
  return server;
}
