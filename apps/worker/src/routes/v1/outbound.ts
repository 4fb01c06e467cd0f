import { sendInputSchema, sendOutbound } from "@mailroom/api";
import { createRoute } from "@hono/zod-openapi";
import { keyContext, v1Routes } from "./context.ts";
import { commonErrors, errorResponse, outboundSchema, rateLimitHeaders } from "./schemas.ts";

const send = createRoute({
  method: "post",
  path: "/outbound",
  tags: ["Outbound"],
  security: [{ bearer: [] }],
  summary: "Send a mail from one of your mailboxes",
  description: "The body of `outbound.send`. The answer is the outbound record: `sent` with the provider's id, or `failed` with its error text.",
  request: { body: { required: true, content: { "application/json": { schema: sendInputSchema } } } },
  responses: {
    202: { description: "The outbound record", headers: rateLimitHeaders, content: { "application/json": { schema: outboundSchema } } },
    ...commonErrors,
    403: errorResponse("Not one of your mailboxes (`forbidden`), or sending is switched off for you or not set up (`feature_disabled`)"),
    413: errorResponse("The mail is larger than the attachment cap (`payload_too_large`)"),
  },
});

export const outboundRoutes = v1Routes().openapi(send, async (c) => c.json(await sendOutbound(await keyContext(c), c.req.valid("json")), 202));
