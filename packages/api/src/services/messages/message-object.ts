// A message's one object in the store (`msg/<id>`, CONTRACT §12): an 8-byte header ("MRM1" and the
// body's length), the compressed body, then the raw message as received. One write per message
// at intake instead of two (object-store writes are what a free plan counts), and the body is the
// start of the object, so a reader takes it with one ranged read.

const magic = [0x4d, 0x52, 0x4d, 0x31];
const headerBytes = 8;
/** One ranged read takes this much: the whole body of nearly every message. */
const firstReadBytes = 64 * 1024;

/** The object's content: header, body, raw message. */
export function messageObject(packedBody: Uint8Array<ArrayBuffer>, raw: Uint8Array<ArrayBuffer>): Blob {
  const header = new Uint8Array(headerBytes);
  header.set(magic);
  new DataView(header.buffer).setUint32(4, packedBody.byteLength);
  return new Blob([header, packedBody, raw]);
}

function bodyLengthOf(start: Uint8Array): number {
  if (start.byteLength < headerBytes || magic.some((byte, i) => start[i] !== byte)) throw new Error("not a message object");
  return new DataView(start.buffer, start.byteOffset, headerBytes).getUint32(4);
}

/** Starts the ranged read that holds the body (null: no such object). */
export function readObjectStart(bucket: R2Bucket, key: string): Promise<R2ObjectBody | null> {
  return bucket.get(key, { range: { offset: 0, length: firstReadBytes } });
}

/** The compressed body from the object's start (read with `readObjectStart`), reading the rest when it is longer. */
export async function bodyFromObject(bucket: R2Bucket, key: string, start: R2ObjectBody): Promise<Uint8Array> {
  const bytes = new Uint8Array(await start.arrayBuffer());
  const length = bodyLengthOf(bytes);
  if (headerBytes + length <= bytes.byteLength) return bytes.subarray(headerBytes, headerBytes + length);
  const whole = await bucket.get(key, { range: { offset: headerBytes, length } });
  if (!whole) throw new Error("the message object went missing while it was read");
  return new Uint8Array(await whole.arrayBuffer());
}

/** The raw message inside the object, as a stream (null: no such object). */
export async function rawFromObject(bucket: R2Bucket, key: string): Promise<ReadableStream | null> {
  const header = await bucket.get(key, { range: { offset: 0, length: headerBytes } });
  if (!header) return null;
  const length = bodyLengthOf(new Uint8Array(await header.arrayBuffer()));
  const raw = await bucket.get(key, { range: { offset: headerBytes + length } });
  return raw?.body ?? null;
}
