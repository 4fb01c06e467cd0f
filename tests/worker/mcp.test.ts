import { setUserFeatures } from "@mailroom/api";
import type { Vars } from "@mailroom/config";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { keyOwner } from "./support/api-keys.ts";
import { callWorker, origin } from "./support/call-worker.ts";
import { deliver, emailMessage, simpleMail } from "./support/email-message.ts";
import { outboundSettings, resendCalls } from "./support/outbound.ts";
import { serviceContext } from "./support/service-context.ts";

/** An agent's MCP client (the official SDK) talking Streamable HTTP to the worker's real fetch handler. */
async function connect(key: string | undefined, overrides: Vars = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", origin), {
    fetch: (url, init) => callWorker(String(url), init, overrides),
    requestInit: key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: "mailroom-test-agent", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

const errorCode = (answer: ToolAnswer) => (answer.structuredContent?.error as { code?: string } | undefined)?.code;

async function send(to: string, subject: string, text: string) {
  await deliver(emailMessage({ from: "sender@shop.example", to, raw: simpleMail({ from: "Shop <sender@shop.example>", to, subject, text, messageId: `<${crypto.randomUUID()}@example.com>` }) }));
}

describe("MCP at /api/mcp", () => {
  it("lists the tools; an agent creates a mailbox, waits for the code of a mail delivered meanwhile, and reads the message", async () => {
    const { key, trpc } = await keyOwner();
    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["create_mailbox", "delete_mailbox", "get_message", "list_domains", "list_mailboxes", "list_messages", "send_mail", "wait_for_code"]);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
    }
    expect(tools.find((t) => t.name === "wait_for_code")?.inputSchema.properties).toMatchObject({ waitSeconds: { maximum: 60, default: 30 }, kind: { enum: ["code", "link", "any"] } });
    // The handshake and the tool list are free; every tool call counts one.
    expect(await trpc.apiKeys.usage.query()).toMatchObject({ usedToday: 0 });

    const domains = await call(client, "list_domains");
    expect(domains.structuredContent).toMatchObject({ domains: expect.arrayContaining(["mail.localhost"]) as unknown, defaultDomain: expect.any(String) as unknown });
    const created = await call(client, "create_mailbox", { localPart: `agent-${crypto.randomUUID().slice(0, 8)}` });
    expect(created.isError).toBeFalsy();
    const box = created.structuredContent as { id: string; address: string; createdAt: string };
    expect(box.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(created.content[0]?.text).toContain(box.address);

    const waiting = call(client, "wait_for_code", { mailboxId: box.id, waitSeconds: 10 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await send(box.address, "Your sign-up", "Welcome! Your verification code is 604218.");
    const stored = Date.now();
    const found = await waiting;
    expect(Date.now() - stored).toBeLessThan(2000);
    expect(found.structuredContent).toMatchObject({ found: true, kind: "code", value: "604218", source: "rules" });
    expect(found.content[0]?.text).toContain("604218");

    const messageId = String(found.structuredContent?.messageId);
    const message = await call(client, "get_message", { messageId });
    expect(message.structuredContent).toMatchObject({ id: messageId, subject: "Your sign-up", recognition: { kind: "code", value: "604218" }, attachments: [] });
    expect(message.content[0]?.text).toContain("Welcome! Your verification code is 604218.");
    const listed = await call(client, "list_messages", { mailboxId: box.id, query: "sign-up" });
    expect((listed.structuredContent as { items: { id: string }[] }).items.map((m) => m.id)).toEqual([messageId]);
    const boxes = await call(client, "list_mailboxes");
    expect((boxes.structuredContent as { items: { id: string; unread: number }[] }).items).toEqual([expect.objectContaining({ id: box.id, unread: 1 })]);
    expect(await trpc.apiKeys.usage.query()).toMatchObject({ usedToday: 6 });

    const removed = await call(client, "delete_mailbox", { mailboxId: box.id });
    expect(removed.structuredContent).toEqual({ deleted: true, mailboxId: box.id, deletedMessages: 1 });
    expect(errorCode(await call(client, "get_message", { messageId }))).toBe("not_found");
    await client.close();
  });

  it("waits for the kind asked for, and answers {found: false} when nothing came in time", async () => {
    const { key } = await keyOwner();
    const client = await connect(key);
    const box = (await call(client, "create_mailbox")).structuredContent as { id: string; address: string };
    const since = new Date(Date.now() - 1000).toISOString();
    await send(box.address, "Confirm", "Confirm your address: https://shop.example/confirm?token=Zx81kQ");
    const none = await call(client, "wait_for_code", { mailboxId: box.id, since, kind: "code", waitSeconds: 0 });
    expect(none.isError).toBeFalsy();
    expect(none.structuredContent).toEqual({ found: false });
    const link = await call(client, "wait_for_code", { mailboxId: box.id, since, kind: "link", waitSeconds: 0 });
    expect(link.structuredContent).toMatchObject({ found: true, kind: "link", value: "https://shop.example/confirm?token=Zx81kQ" });
    await client.close();
  });

  it("sends mail from the agent's mailbox", async () => {
    const overrides = outboundSettings();
    const { key } = await keyOwner();
    const client = await connect(key, overrides);
    const box = (await call(client, "create_mailbox")).structuredContent as { id: string; address: string };
    const sent = await call(client, "send_mail", { mailboxId: box.id, to: "friend@example.com", subject: "Hello", text: "Hi there" });
    expect(sent.structuredContent).toMatchObject({ status: "sent", mailboxId: box.id, to: ["friend@example.com"] });
    expect(await resendCalls(box.address)).toHaveLength(1);
    await client.close();
  });

  it("refuses a missing, unknown or revoked key with HTTP 401 unauthorized", async () => {
    const { key, keyId, trpc } = await keyOwner();
    for (const bad of [undefined, "mr_not-a-real-key"]) {
      const refused = await connect(bad).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(401);
      expect((refused as Error).message).toContain('"code":"unauthorized"');
    }
    const client = await connect(key);
    await trpc.apiKeys.revoke.mutate({ id: keyId });
    const afterRevoke = await client.callTool({ name: "list_mailboxes", arguments: {} }).catch((error: unknown) => error);
    expect((afterRevoke as StreamableHTTPError).code).toBe(401);
  });

  it("answers refusals as tool errors with the contract's code and the request id: another user's ids, bad arguments, an unknown tool, the quota", async () => {
    const alice = await keyOwner();
    const bob = await keyOwner();
    const aliceClient = await connect(alice.key);
    const bobClient = await connect(bob.key);
    const box = (await call(aliceClient, "create_mailbox")).structuredContent as { id: string; address: string };
    await send(box.address, "Private", "Your code is 918273");
    const found = await call(aliceClient, "wait_for_code", { mailboxId: box.id, since: new Date(Date.now() - 60_000).toISOString(), waitSeconds: 0 });
    const messageId = String(found.structuredContent?.messageId);

    for (const [name, args] of [
      ["list_messages", { mailboxId: box.id }],
      ["wait_for_code", { mailboxId: box.id, waitSeconds: 0 }],
      ["get_message", { messageId }],
      ["delete_mailbox", { mailboxId: box.id }],
    ] as const) {
      const refused = await call(bobClient, name, args);
      expect(refused.isError, name).toBe(true);
      expect(refused.structuredContent?.error, name).toMatchObject({ code: "not_found", requestId: expect.any(String) as unknown });
    }
    const notSent = await call(bobClient, "send_mail", { mailboxId: box.id, to: "x@example.com", subject: "S", text: "T" });
    expect(errorCode(notSent)).toMatch(/forbidden|feature_disabled/);
    expect(((await call(aliceClient, "list_mailboxes")).structuredContent as { items: unknown[] }).items).toHaveLength(1);

    for (const [name, args] of [
      ["wait_for_code", { mailboxId: box.id, waitSeconds: 61 }],
      ["wait_for_code", { mailboxId: box.id, kind: "anything" }],
      ["create_mailbox", { localPart: "Bad Name!" }],
      ["list_messages", { mailboxId: box.id, cursor: "%%%" }],
      ["get_message", {}],
    ] as const) {
      const refused = await call(aliceClient, name, args);
      expect(refused.isError, name).toBe(true);
      expect(errorCode(refused), name).toBe("validation_failed");
      expect((refused.structuredContent?.error as { issues?: unknown[] }).issues?.length, name).toBeGreaterThan(0);
    }
    expect(errorCode(await call(aliceClient, "no_such_tool"))).toBe("not_found");

    // Every call above counted, refusals too; two more are allowed, the third is refused.
    const { usedToday } = await bob.trpc.apiKeys.usage.query();
    expect(usedToday).toBe(5);
    await setUserFeatures(serviceContext(), bob.user.id, { apiDailyQuota: usedToday + 2 });
    await call(bobClient, "list_mailboxes");
    await call(bobClient, "list_mailboxes");
    const over = await call(bobClient, "list_mailboxes");
    expect(over.isError).toBe(true);
    expect(errorCode(over)).toBe("quota_exceeded");
    // Listing the tools still works over the quota: only calls count.
    expect((await bobClient.listTools()).tools).toHaveLength(8);
    await aliceClient.close();
    await bobClient.close();
  });

  it("serves statelessly: GET and DELETE are 405, and a bare JSON-RPC call works without a session", async () => {
    const { key } = await keyOwner();
    for (const method of ["GET", "DELETE"]) {
      const res = await callWorker("/api/mcp", { method, headers: { Authorization: `Bearer ${key}`, Accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    }
    const res = await callWorker("/api/mcp", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, Accept: "application/json, text/event-stream", "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_mailboxes", arguments: {} } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("RateLimit-Remaining")).not.toBeNull();
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 1, result: { structuredContent: { items: [] } } });
  });
});
