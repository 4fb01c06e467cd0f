import { AppError, authenticate, downloadAttachment, downloadRawMessage, type RequestContext } from "@mailroom/api";
import { Hono } from "hono";
import { z } from "zod";
import { downloadResponse } from "../http/download-response.ts";
import type { AppEnv } from "../http/env.ts";

const params = z.object({ messageId: z.string().min(1).max(64), attachmentId: z.string().min(1).max(64).optional() });

function parse(raw: Record<string, string>) {
  const result = params.safeParse(raw);
  if (!result.success) throw new AppError("not_found", "Not found");
  return result.data;
}

async function signedIn(ctx: RequestContext) {
  const actor = await authenticate(ctx);
  if (!actor) throw new AppError("unauthorized", "Please sign in to continue");
  return { ...ctx, actor };
}

/** Attachment and raw-message downloads for the signed-in owner of the message. */
export const downloadRoutes = new Hono<AppEnv>()
  .get("/:messageId/raw", async (c) => {
    const { messageId } = parse(c.req.param());
    return downloadResponse(await downloadRawMessage(await signedIn(c.get("ctx")), messageId));
  })
  .get("/:messageId/attachments/:attachmentId", async (c) => {
    const { messageId, attachmentId } = parse(c.req.param());
    return downloadResponse(await downloadAttachment(await signedIn(c.get("ctx")), messageId, attachmentId ?? ""));
  });
