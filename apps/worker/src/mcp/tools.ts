import {
  allowedDomains,
  AppError,
  createMailbox,
  deleteOwnMailbox,
  issuesOf,
  listOwnMailboxes,
  listOwnMessages,
  publicMailbox,
  sendInputSchema,
  sendOutbound,
  waitForCode,
  type Actor,
  type RequestContext,
} from "@mailroom/api";
import { z } from "zod";
import { readMessage } from "../routes/v1/read-message.ts";
import { createMailboxBodySchema, messagePageFields } from "../routes/v1/schemas.ts";

/** The context a tool runs in: the key's owner, as for a REST v1 call. */
export type ToolContext = RequestContext & { actor: Actor };

/** What a tool answers: REST v1's object (dates as ISO strings) and a short text a model reads. */
interface ToolOutput {
  structured: Record<string, unknown>;
  text: string;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
  run: (ctx: ToolContext, args: unknown) => Promise<ToolOutput>;
}

/** The wire form of a service's answer: what REST v1 sends (Dates become ISO 8601 strings). */
const asJson = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

function defineTool<S extends z.ZodType>(
  definition: Omit<Tool, "inputSchema" | "run"> & { input: S; run: (ctx: ToolContext, args: z.output<S>) => Promise<ToolOutput> },
): Tool {
  const { input, run, ...rest } = definition;
  return {
    ...rest,
    // The arguments a caller may send (before defaults and transforms), as MCP lists them.
    inputSchema: { ...z.toJSONSchema(input, { io: "input", unrepresentable: "any" }), type: "object" },
    run: async (ctx, args) => {
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) throw new AppError("validation_failed", "The arguments are invalid", { issues: issuesOf(parsed.error) });
      return run(ctx, parsed.data);
    },
  };
}

const id = z.string().min(1).max(64);
const mailboxId = id.describe("The mailbox's id (from create_mailbox or list_mailboxes), not its address");

// REST's send body without the parts an agent rarely needs; the full schema checks it again.
const sendShape = sendInputSchema.shape;

export const tools: Tool[] = [
  defineTool({
    name: "list_domains",
    title: "List domains",
    description: "The domains you may create mailboxes on, and the one used when create_mailbox is given no domain.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    input: z.object({}),
    run: async (ctx) => {
      const found = await allowedDomains(ctx, ctx.actor.user);
      return { structured: asJson(found), text: found.domains.length === 0 ? "No domains are available to you." : `Domains: ${found.domains.join(", ")} (default: ${found.defaultDomain ?? "none"}).` };
    },
  }),
  defineTool({
    name: "create_mailbox",
    title: "Create a mailbox",
    description:
      "Creates a new e-mail address that receives mail, for example to sign up somewhere. Leave localPart out for a random one; " +
      "give expiresInHours for a throwaway address. Then use wait_for_code with the returned id to get the code or link a service sends.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    input: createMailboxBodySchema,
    run: async (ctx, args) => {
      const mailbox = publicMailbox(await createMailbox(ctx, ctx.actor.user, args));
      return { structured: asJson(mailbox), text: `Created ${mailbox.address} (mailbox id ${mailbox.id})${mailbox.expiresAt ? `, deleted at ${mailbox.expiresAt.toISOString()}` : ""}.` };
    },
  }),
  defineTool({
    name: "list_mailboxes",
    title: "List mailboxes",
    description: "Your mailboxes, newest first, with their ids, addresses and unread counts.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    input: z.object({}),
    run: async (ctx) => {
      const items = await listOwnMailboxes(ctx);
      const lines = items.map((m) => `- ${m.address} (id ${m.id}, ${String(m.unread)} unread)`);
      return { structured: asJson({ items }), text: items.length === 0 ? "You have no mailboxes yet." : `${String(items.length)} mailboxes:\n${lines.join("\n")}` };
    },
  }),
  defineTool({
    name: "delete_mailbox",
    title: "Delete a mailbox",
    description: "Deletes a mailbox and all of its mail for good; its address stops receiving.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    input: z.object({ mailboxId }),
    run: async (ctx, args) => {
      const { deletedMessages } = await deleteOwnMailbox(ctx, args.mailboxId);
      return { structured: { deleted: true, mailboxId: args.mailboxId, deletedMessages }, text: `Deleted the mailbox and ${String(deletedMessages)} messages.` };
    },
  }),
  defineTool({
    name: "list_messages",
    title: "List messages",
    description:
      "A mailbox's received messages, newest first, each with the code or link recognized in it. Use it to look through mail; " +
      "to wait for a verification code or link that is about to arrive, use wait_for_code instead of calling this repeatedly.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    input: z.object({
      mailboxId,
      ...messagePageFields,
      query: z.string().trim().max(200).optional().describe("Words to look for in the sender and subject"),
    }),
    run: async (ctx, args) => {
      const page = await listOwnMessages(ctx, { mailboxId: args.mailboxId, limit: args.limit, cursor: args.cursor, query: args.query || undefined });
      const lines = page.items.map(
        (m) => `- ${m.receivedAt.toISOString()} from ${m.from.address}: ${m.subject ?? "(no subject)"} [id ${m.id}]${m.recognition.value ? ` ${m.recognition.kind}: ${m.recognition.value}` : ""}`,
      );
      const more = page.nextCursor ? `\nMore: call again with cursor "${page.nextCursor}".` : "";
      return { structured: asJson(page), text: page.items.length === 0 ? "No messages." : `${lines.join("\n")}${more}` };
    },
  }),
  defineTool({
    name: "get_message",
    title: "Read a message",
    description: "One message in full: sender, subject, text and HTML, headers, the recognized code or link, and its attachments with their download URLs.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    input: z.object({ messageId: id.describe("The message's id (from list_messages or wait_for_code)") }),
    run: async (ctx, args) => {
      const message = await readMessage(ctx, args.messageId);
      const recognized = message.recognition.value ? `\n${message.recognition.kind === "code" ? "Code" : "Link"}: ${message.recognition.value}` : "";
      const files = message.attachments.length > 0 ? `\nAttachments: ${message.attachments.map((a) => a.filename).join(", ")}` : "";
      const text = `From: ${message.from.address}\nSubject: ${message.subject ?? "(no subject)"}\nReceived: ${message.receivedAt.toISOString()}${recognized}${files}\n\n${message.text ?? "(no text part)"}`;
      return { structured: asJson(message), text };
    },
  }),
  defineTool({
    name: "wait_for_code",
    title: "Wait for a code or link",
    description:
      "Waits (up to waitSeconds, default 30) for a message to arrive in the mailbox with a verification code or sign-in link, and returns it " +
      "as soon as it arrives. Call it right after triggering the e-mail (e.g. submitting a sign-up form). Only messages received after " +
      "`since` count (default: the moment of the call). Answers {found: false} when none came in time; call again to keep waiting.",
    annotations: { readOnlyHint: true, openWorldHint: false },
    input: z.object({
      mailboxId,
      waitSeconds: z.int().min(0).max(60).default(30).describe("How long to wait, 0–60 seconds"),
      since: z.iso.datetime({ offset: true }).optional().describe("ISO 8601; only mail received after this counts"),
      kind: z.enum(["code", "link", "any"]).default("any").describe("Wait for a code, a link, or either"),
    }),
    run: async (ctx, args) => {
      const found = await waitForCode(ctx, args.mailboxId, { waitSeconds: args.waitSeconds, since: args.since === undefined ? undefined : new Date(args.since), kind: args.kind });
      if (!found) return { structured: { found: false }, text: `No ${args.kind === "any" ? "code or link" : args.kind} arrived within ${String(args.waitSeconds)} s.` };
      return { structured: asJson({ found: true, ...found }), text: `${found.kind === "code" ? "Code" : "Link"}: ${found.value} (message ${found.messageId})` };
    },
  }),
  defineTool({
    name: "send_mail",
    title: "Send mail",
    description: "Sends an e-mail from one of your mailboxes (its address is the sender). `to` is one address or a list.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    input: z.object({ mailboxId, to: sendShape.to, subject: sendShape.subject, text: sendShape.text, html: sendShape.html }),
    run: async (ctx, args) => {
      const input = sendInputSchema.safeParse(args);
      if (!input.success) throw new AppError("validation_failed", "The arguments are invalid", { issues: issuesOf(input.error) });
      const record = await sendOutbound(ctx, input.data);
      return { structured: asJson(record), text: `${record.status === "sent" ? "Sent" : `Not sent (${record.status})`} to ${record.to.join(", ")}${record.error ? `: ${record.error}` : ""}.` };
    },
  }),
];
