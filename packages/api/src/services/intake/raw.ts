import { toHex } from "../../lib/crypto.ts";

export interface RawMessage {
  bytes: Uint8Array<ArrayBuffer>;
  /** True when the stream held more than intake keeps; the rest was not read. */
  truncated: boolean;
}

/**
 * Reads the message stream once, keeping at most `maxBytes`. A message announced (`rawSize`) as
 * larger is read only up to the limit; one that runs longer than announced is still cut.
 */
export async function readRaw(stream: ReadableStream<Uint8Array>, rawSize: number, maxBytes: number): Promise<RawMessage> {
  if (rawSize <= maxBytes) {
    // The usual case: the runtime reads the whole stream natively, without a JavaScript loop per chunk.
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    return bytes.byteLength > maxBytes ? { bytes: bytes.slice(0, maxBytes), truncated: true } : { bytes, truncated: false };
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.byteLength > room) {
      if (room > 0) chunks.push(value.subarray(0, room));
      total += Math.max(room, 0);
      await reader.cancel("message larger than intake keeps");
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // Announced as larger than the limit: whatever came is a cut message.
  return { bytes, truncated: true };
}

/** A stable stand-in Message-ID for mail without one, so a redelivery still deduplicates. */
export async function synthesizeMessageId(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return `<${toHex(await crypto.subtle.digest("SHA-256", bytes))}@mailroom.invalid>`;
}
