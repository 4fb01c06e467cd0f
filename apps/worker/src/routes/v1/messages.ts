import { deleteOwnMessage, downloadAttachment, downloadRawMessage } from "@mailroom/api";
import { createRoute, z } from "@hono/zod-openapi";
import { downloadResponse } from "../../http/download-response.ts";
import { keyContext, v1Routes } from "./context.ts";
import { readMessage } from "./read-message.ts";
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

const attachment = createRoute({
  method: "get",
  path: "/messages/{id}/attachments/{attachmentId}",
  tags,
  security,
  summary: "Download an attachment",
  description: "The file as received, always as a download. Each attachment of `GET /messages/{id}` carries this address as its `downloadUrl`.",
  request: {
    params: params.extend({
      attachmentId: z.string().min(1).max(64).openapi({ param: { name: "attachmentId", in: "path" }, example: "9b1d7c2e-0f4a-4c3b-8e2d-5a6b7c8d9e0f" }),
    }),
  },
  responses: {
    200: {
      description: "The file (`Content-Disposition: attachment` with its name)",
      headers: rateLimitHeaders,
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
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
  .openapi(get, async (c) => c.json(await readMessage(await keyContext(c), c.req.valid("param").id), 200))
  .openapi(raw, async (c) => {
    const download = await downloadRawMessage(await keyContext(c), c.req.valid("param").id);
    return c.body(download.body, 200, { "Content-Type": "message/rfc822", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  })
  .openapi(attachment, async (c) => {
    const { id, attachmentId } = c.req.valid("param");
    return downloadResponse(await downloadAttachment(await keyContext(c), id, attachmentId));
  })
  .openapi(remove, async (c) => {
    await deleteOwnMessage(await keyContext(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
