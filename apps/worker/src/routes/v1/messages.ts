import { deleteOwnMessage, downloadRawMessage, getOwnMessage } from "@mailroom/api";
import { createRoute, z } from "@hono/zod-openapi";
import { keyContext, v1Routes } from "./context.ts";
import { commonErrors, idParam, messageSchema, notFound, rateLimitHeaders } from "./schemas.ts";

const tags = ["Messages"];
const security = [{ bearer: [] }];
const params = idParam("id");

const get = createRoute({
  method: "get",
  path: "/messages/{id}",
  tags,
  security,
  summary: "Read a message",
  request: { params },
  responses: {
    200: { description: "The message with its recognition and attachments", headers: rateLimitHeaders, content: { "application/json": { schema: messageSchema } } },
    ...commonErrors,
    ...notFound,
  },
});

const raw = createRoute({
  method: "get",
  path: "/messages/{id}/raw",
  tags,
  security,
  summary: "Download the message as received",
  request: { params },
  responses: {
    200: { description: "The original message", headers: rateLimitHeaders, content: { "message/rfc822": { schema: z.string().openapi({ format: "binary" }) } } },
    ...commonErrors,
    ...notFound,
  },
});

const remove = createRoute({
  method: "delete",
  path: "/messages/{id}",
  tags,
  security,
  summary: "Delete a message",
  request: { params },
  responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...commonErrors, ...notFound },
});

export const messageRoutes = v1Routes()
  .openapi(get, async (c) => c.json(await getOwnMessage(await keyContext(c), c.req.valid("param").id), 200))
  .openapi(raw, async (c) => {
    const download = await downloadRawMessage(await keyContext(c), c.req.valid("param").id);
    return c.body(download.body, 200, { "Content-Type": "message/rfc822", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  })
  .openapi(remove, async (c) => {
    await deleteOwnMessage(await keyContext(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
