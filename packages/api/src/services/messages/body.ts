import { bodyObjectKey, messageObjectKey, type MessageRow } from "@mailroom/db";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { bodyFromObject, readObjectStart } from "./message-object.ts";

// A message's body (CONTRACT §12): text, HTML and display headers, kept as one gzip-compressed
// JSON document: at the start of the message's object in the store when it is bound (with the
// raw copy after it), else in the row's `body`. Rows stored before migration 0023 keep theirs in
// the legacy columns until the cron moves them to an object of their own.

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

async function unpackBody(packed: Uint8Array): Promise<MessageBody> {
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

/**
 * Starts reading the start of a message's object, where a body stored since migration 0023 is;
 * call it before the row is known, to read both in parallel.
 */
export function fetchBodyObject(ctx: Pick<ServiceContext, "stores">, messageId: string): Promise<R2ObjectBody | null> {
  return ctx.stores.attachments ? readObjectStart(ctx.stores.attachments, messageObjectKey(messageId)) : Promise.resolve(null);
}

/** Lets go of an object-store read that turned out not to be needed (or failed). */
export async function discardBodyObject(fetched: Promise<R2ObjectBody | null>): Promise<void> {
  try {
    await (await fetched)?.body.cancel();
  } catch {
    // Nothing to release.
  }
}

async function packedFromStore(ctx: Pick<ServiceContext, "stores">, row: BodyColumns, fetched: Promise<R2ObjectBody | null> | undefined): Promise<Uint8Array | null> {
  const bucket = ctx.stores.attachments;
  if (!bucket) return null;
  if (row.bodyLocation === "message") {
    const start = await (fetched ?? fetchBodyObject(ctx, row.id));
    return start ? bodyFromObject(bucket, messageObjectKey(row.id), start) : null;
  }
  if (fetched) await discardBodyObject(fetched);
  const object = await bucket.get(bodyObjectKey(row.id));
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/**
 * A stored message's body, wherever it lives. `fetched` is the read started with
 * `fetchBodyObject` (one is made here otherwise). A body that cannot be read is logged and shown
 * as empty rather than failing the whole message.
 */
export async function loadBody(
  ctx: Pick<ServiceContext, "stores" | "log">,
  row: BodyColumns,
  fetched?: Promise<R2ObjectBody | null>,
): Promise<MessageBody> {
  try {
    if (row.bodyLocation === "message" || row.bodyLocation === "body") {
      const packed = await packedFromStore(ctx, row, fetched);
      if (packed) return await unpackBody(packed);
      ctx.log.error("a message body is missing from the object store", undefined, { messageId: row.id, bodyLocation: row.bodyLocation });
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
