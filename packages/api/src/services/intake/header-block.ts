// A header block of a megabyte (a folded header of thousands of lines, tens of thousands of
// headers) costs the parser seconds of CPU, where a normal mail's costs milliseconds. The parser
// gets at most the first `maxBytes` of it; the body follows as sent, and the raw copy keeps
// everything.

const LF = 10;
const CR = 13;
const crlf = new Uint8Array([CR, LF]);

/** Where the blank line that ends the header block starts (at or after `from`), or -1. */
function blankLineAfter(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(LF, from); at !== -1; at = bytes.indexOf(LF, at + 1)) {
    const next = bytes[at + 1];
    if (next === LF || (next === CR && bytes[at + 2] === LF)) return at + 1;
  }
  return -1;
}

/** Where to cut at `limit`: not inside a line break, nor inside a UTF-8 character. */
function cutAt(bytes: Uint8Array, limit: number): number {
  let cut = limit;
  if (bytes[cut - 1] === CR) cut -= 1;
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return cut;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * The message for the parser: unchanged, or with its header block cut to at most `maxBytes`. A
 * header line that runs past the limit keeps its start (a Subject of a megabyte is still a
 * Subject); the lines after the limit are dropped, the body follows.
 */
export function boundHeaderBlock(bytes: Uint8Array<ArrayBuffer>, maxBytes: number): { bytes: Uint8Array<ArrayBuffer>; cut: boolean } {
  const end = blankLineAfter(bytes.subarray(0, Math.min(bytes.byteLength, maxBytes + 3)), 0);
  if (end !== -1 || bytes.byteLength <= maxBytes) return { bytes, cut: false };
  const head = bytes.subarray(0, cutAt(bytes, maxBytes));
  const endsLine = head[head.byteLength - 1] === LF;
  const bodyAt = blankLineAfter(bytes, maxBytes);
  const body = bodyAt === -1 ? crlf : bytes.subarray(bodyAt);
  return { bytes: concat(endsLine ? [head, body] : [head, crlf, body]), cut: true };
}
