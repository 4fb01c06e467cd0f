import { createMailbox, deleteOwnMailbox, listOwnMailboxes, listOwnMessages, publicMailbox, requireOwnMailbox, updateOwnMailboxRouting, waitForCode } from "@mailroom/api";
import { createRoute, z } from "@hono/zod-openapi";
import { keyContext, v1Routes } from "./context.ts";
import {
  codeSchema,
  commonErrors,
  createMailboxBodySchema,
  errorResponse,
  idParam,
  mailboxRoutingBodySchema,
  mailboxSchema,
  messagePageFields,
  messageSummarySchema,
  notFound,
  rateLimitHeaders,
} from "./schemas.ts";

const tags = ["Mailboxes"];
const security = [{ bearer: [] }];
const params = idParam("id");

const list = createRoute({
  method: "get",
  path: "/mailboxes",
  tags,
  security,
  summary: "List your mailboxes",
  responses: {
    200: { description: "Newest first, with unread counts", headers: rateLimitHeaders, content: { "application/json": { schema: z.object({ items: z.array(mailboxSchema) }) } } },
    ...commonErrors,
  },
});

const create = createRoute({
  method: "post",
  path: "/mailboxes",
  tags,
  security,
  summary: "Create a mailbox",
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: createMailboxBodySchema,
        },
      },
    },
  },
  responses: {
    201: { description: "The new mailbox", headers: rateLimitHeaders, content: { "application/json": { schema: mailboxSchema } } },
    ...commonErrors,
    403: errorResponse("Creating mailboxes is switched off for you, or the domain is not yours (`feature_disabled`, `forbidden`)"),
    409: errorResponse("The address is taken (`conflict`)"),
  },
});

const get = createRoute({
  method: "get",
  path: "/mailboxes/{id}",
  tags,
  security,
  summary: "Get a mailbox",
  request: { params },
  responses: { 200: { description: "The mailbox with its unread count and routing", headers: rateLimitHeaders, content: { "application/json": { schema: mailboxSchema } } }, ...commonErrors, ...notFound },
});

const update = createRoute({
  method: "patch",
  path: "/mailboxes/{id}",
  tags,
  security,
  summary: "Change a mailbox's forwarding or pause it",
  description:
    "Forwarding goes through the platform, which delivers only to destination addresses verified in its dashboard; each forward's outcome is on the message. " +
    "A paused mailbox rejects new mail like an unknown address.",
  request: { params, body: { required: true, content: { "application/json": { schema: mailboxRoutingBodySchema } } } },
  responses: { 200: { description: "The mailbox as it is now", headers: rateLimitHeaders, content: { "application/json": { schema: mailboxSchema } } }, ...commonErrors, ...notFound },
});

const remove = createRoute({
  method: "delete",
  path: "/mailboxes/{id}",
  tags,
  security,
  summary: "Delete a mailbox with its messages",
  request: { params },
  responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...commonErrors, ...notFound },
});

const messages = createRoute({
  method: "get",
  path: "/mailboxes/{id}/messages",
  tags,
  security,
  summary: "List a mailbox's messages",
  request: {
    params,
    query: z.object(messagePageFields),
  },
  responses: {
    200: {
      description: "Newest first, each with what recognition found",
      headers: rateLimitHeaders,
      content: { "application/json": { schema: z.object({ items: z.array(messageSummarySchema), nextCursor: z.string().nullable() }) } },
    },
    ...commonErrors,
    ...notFound,
  },
});

const code = createRoute({
  method: "get",
  path: "/mailboxes/{id}/code",
  tags,
  security,
  summary: "Wait for a verification code or link",
  description:
    "The newest message received after `since` (default: the moment of the call) whose recognition found a code or a link. " +
    "Waits up to `wait` seconds for one to arrive (answering within about a second of its arrival); 204 when none came.",
  request: {
    params,
    query: z.object({
      wait: z.coerce.number().int().min(0).max(30).default(0).openapi({ example: 30 }),
      since: z.iso.datetime({ offset: true }).optional().openapi({ example: "2026-03-01T12:00:00Z" }),
    }),
  },
  responses: {
    200: { description: "The code or link", headers: rateLimitHeaders, content: { "application/json": { schema: codeSchema } } },
    204: { description: "No code or link arrived in time", headers: rateLimitHeaders },
    ...commonErrors,
    ...notFound,
  },
});

export const mailboxRoutes = v1Routes()
  .openapi(list, async (c) => c.json({ items: await listOwnMailboxes(await keyContext(c)) }, 200))
  .openapi(create, async (c) => {
    const ctx = await keyContext(c);
    const body = c.req.valid("json");
    return c.json(publicMailbox(await createMailbox(ctx, ctx.actor.user, { localPart: body.localPart, domain: body.domain, expiresInHours: body.expiresInHours })), 201);
  })
  .openapi(get, async (c) => {
    const mailbox = await requireOwnMailbox(await keyContext(c), c.req.valid("param").id);
    return c.json({ ...publicMailbox(mailbox), unread: mailbox.unreadCount }, 200);
  })
  .openapi(update, async (c) => {
    const ctx = await keyContext(c);
    return c.json(publicMailbox(await updateOwnMailboxRouting(ctx, { id: c.req.valid("param").id, ...c.req.valid("json") })), 200);
  })
  .openapi(remove, async (c) => {
    await deleteOwnMailbox(await keyContext(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(messages, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listOwnMessages(await keyContext(c), { mailboxId: c.req.valid("param").id, limit: query.limit, cursor: query.cursor }), 200);
  })
  .openapi(code, async (c) => {
    const query = c.req.valid("query");
    const found = await waitForCode(await keyContext(c), c.req.valid("param").id, {
      waitSeconds: query.wait,
      since: query.since === undefined ? undefined : new Date(query.since),
    });
    return found ? c.json(found, 200) : c.body(null, 204);
  });
