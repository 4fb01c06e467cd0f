import { bodyObjectKey, type MessageRow } from "@mailroom/db";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";

// A message's body (CONTRACT §12): text, HTML and display headers, kept as one gzip-compressed
// JSON document, in the object store (`body/<id>`) when it is bound, else in the row's `body`.
// Rows stored before migration 0023 keep theirs in the legacy columns until the cron moves them.

export interface DisplayHeader {
  name: string;
  value: string;
}

export interface MessageBody {
  text: string | null;
  html: string | null;
  headers: DisplayHeader[];
}

const storedHeaders = z.array(z.object({ name: z.string(), value: z.string() }));
const packedBody = z.object({ text: z.string().nullable(), html: z.string().nullable(), headers: storedHeaders });

const emptyBody: MessageBody = { text: null, html: null, headers: [] };

const previewChars = 160;

/** The start of a text as lists show it: whitespace runs as one space, 160 characters. */
export function previewOf(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim().slice(0, previewChars);
}

/** Bytes through the runtime's own (de)compression, which costs little CPU. */
async function through(source: Blob, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(source.stream().pipeThrough(stream)).arrayBuffer());
}

/** The body as stored: gzip of its JSON. */
export function packBody(body: MessageBody): Promise<Uint8Array<ArrayBuffer>> {
  return through(new Blob([JSON.stringify(body)]), new CompressionStream("gzip"));
}

export async function unpackBody(packed: Uint8Array): Promise<MessageBody> {
  const json = new TextDecoder().decode(await through(new Blob([new Uint8Array(packed)]), new DecompressionStream("gzip")));
  return packedBody.parse(JSON.parse(json));
}

/** The display headers of a legacy row's JSON column (a damaged value reads as none). */
export function legacyHeaders(json: string): DisplayHeader[] {
  try {
    const parsed = storedHeaders.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

type BodyColumns = Pick<MessageRow, "id" | "bodyLocation" | "body" | "textBody" | "htmlBody" | "headers">;

/** Starts reading a message's object-store body; call before the row is known to read both in parallel. */
export function fetchBodyObject(ctx: Pick<ServiceContext, "stores">, messageId: string): Promise<R2ObjectBody | null> {
  return ctx.stores.attachments ? ctx.stores.attachments.get(bodyObjectKey(messageId)) : Promise.resolve(null);
}

/** Lets go of an object-store read that turned out not to be needed (or failed). */
export async function discardBodyObject(fetched: Promise<R2ObjectBody | null>): Promise<void> {
  try {
    await (await fetched)?.body.cancel();
  } catch {
    // Nothing to release.
  }
}

/**
 * A stored message's body, wherever it lives. `fetched` is the object-store read started with
 * `fetchBodyObject` (one is made here otherwise). A body that cannot be read is logged and shown
 * as empty rather than failing the whole message.
 */
export async function loadBody(
  ctx: Pick<ServiceContext, "stores" | "log">,
  row: BodyColumns,
  fetched?: Promise<R2ObjectBody | null>,
): Promise<MessageBody> {
  try {
    if (row.bodyLocation === "r2") {
      const object = await (fetched ?? fetchBodyObject(ctx, row.id));
      if (object) return await unpackBody(new Uint8Array(await object.arrayBuffer()));
      ctx.log.error("a message body is missing from the object store", undefined, { messageId: row.id });
      return emptyBody;
    }
    if (fetched) await discardBodyObject(fetched);
    if (row.bodyLocation === "d1") return row.body ? await unpackBody(row.body) : emptyBody;
    return { text: row.textBody, html: row.htmlBody, headers: legacyHeaders(row.headers) };
  } catch (error) {
    ctx.log.error("a message body could not be read", error, { messageId: row.id });
    return emptyBody;
  }
}
