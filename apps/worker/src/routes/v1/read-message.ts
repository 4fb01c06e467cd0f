import { getOwnMessage, type RequestContext, type Actor } from "@mailroom/api";

/**
 * A message as API v1 and the MCP tools give it: `messages.get`'s object, each attachment with
 * the address it downloads from with a key (CONTRACT §10a).
 */
export async function readMessage(ctx: RequestContext & { actor: Actor }, id: string) {
  const message = await getOwnMessage(ctx, id);
  return {
    ...message,
    attachments: message.attachments.map((file) => ({
      ...file,
      downloadUrl: `${ctx.apiOrigin}/api/v1/messages/${encodeURIComponent(message.id)}/attachments/${encodeURIComponent(file.id)}`,
    })),
  };
}
