import { toHex } from "../../lib/crypto.ts";

export interface RawMessage {
  bytes: Uint8Array<ArrayBuffer>;
  /** True when the stream held more than intake keeps; the rest was not read. */
  truncated: boolean;
}

/**
 * Reads the message stream once, keeping at most `maxBytes`. The platform's `rawSize` sizes
 * the buffer; a stream that runs longer than announced is still cut at the limit.
 */
export async function readRaw(stream: ReadableStream<Uint8Array>, rawSize: number, maxBytes: number): Promise<RawMessage> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.byteLength > room) {
      if (room > 0) chunks.push(value.subarray(0, room));
      total += Math.max(room, 0);
      truncated = true;
      await reader.cancel("message larger than intake keeps");
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  if (!truncated && rawSize > maxBytes) truncated = true;
  const [only] = chunks;
  // One chunk (the usual case for small mail) is the message as is: no copy.
  if (chunks.length === 1 && only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength && only.buffer instanceof ArrayBuffer) {
    return { bytes: new Uint8Array(only.buffer), truncated };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** A stable stand-in Message-ID for mail without one, so a redelivery still deduplicates. */
export async function synthesizeMessageId(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return `<${toHex(await crypto.subtle.digest("SHA-256", bytes))}@mailroom.invalid>`;
}
