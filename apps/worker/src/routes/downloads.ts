import { AppError, requireSession } from "@mailroom/api";
import { attachments, messages } from "@mailroom/db";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { attachmentDisposition } from "../http/content-disposition.ts";
import type { AppEnv } from "../http/env.ts";

const params = z.object({ messageId: z.string().min(1).max(64), attachmentId: z.string().min(1).max(64).optional() });

// Files from strangers are always downloaded, never rendered by the browser on our origin.
const downloadHeaders = {
  "Content-Type": "application/octet-stream",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cache-Control": "private, no-store",
};

function parse(raw: Record<string, string>) {
  const result = params.safeParse(raw);
  if (!result.success) throw new AppError("not_found", "Not found");
  return result.data;
}

/** Attachment and raw-message downloads for the signed-in owner of the message. */
export const downloadRoutes = new Hono<AppEnv>()
  .get("/:messageId/raw", async (c) => {
    const ctx = c.get("ctx");
    const { user } = await requireSession(ctx);
    const { messageId } = parse(c.req.param());
    const [message] = await ctx.db
      .select({ rawKey: messages.rawKey, subject: messages.subject })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.userId, user.id)))
      .limit(1);
    if (!message) throw new AppError("not_found", "No such message");
    const object = message.rawKey && ctx.env.ATTACHMENTS ? await ctx.env.ATTACHMENTS.get(message.rawKey) : null;
    if (!object) throw new AppError("not_found", "The original message was not kept (attachment storage is not configured)");
    return new Response(object.body, {
      headers: { ...downloadHeaders, "Content-Disposition": attachmentDisposition(`${message.subject?.slice(0, 80) || "message"}.eml`) },
    });
  })
  .get("/:messageId/attachments/:attachmentId", async (c) => {
    const ctx = c.get("ctx");
    const { user } = await requireSession(ctx);
    const { messageId, attachmentId } = parse(c.req.param());
    const [file] = await ctx.db
      .select({ attachment: attachments })
      .from(attachments)
      .innerJoin(messages, eq(messages.id, attachments.messageId))
      .where(and(eq(attachments.id, attachmentId ?? ""), eq(attachments.messageId, messageId), eq(messages.userId, user.id)))
      .limit(1);
    if (!file) throw new AppError("not_found", "No such attachment");
    const { storageKey, skippedReason, filename } = file.attachment;
    const object = storageKey && ctx.env.ATTACHMENTS ? await ctx.env.ATTACHMENTS.get(storageKey) : null;
    if (!object) throw new AppError("not_found", `The file was not kept: ${skippedReason ?? "attachment storage is not configured"}`);
    return new Response(object.body, { headers: { ...downloadHeaders, "Content-Disposition": attachmentDisposition(filename) } });
  });
