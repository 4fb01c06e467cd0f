// Large base64 attachments cost the parser most of its time and memory: it decodes them line by
// line in JavaScript. Their bodies are lifted out of the message before it is parsed (each one
// replaced by a short marker) and decoded by the runtime in one call. The parser still decides
// what every part is: unless each marker comes back exactly once as an attachment, the caller
// parses the whole message as it is.

/** Smaller bodies are left to the parser: lifting them would not pay. */
const minLiftedBytes = 32 * 1024;
/** A header block longer than this is not a part's header block worth reading. */
const maxHeaderBytes = 16 * 1024;

const LF = 10;
const CR = 13;
const DASH = 45;

type Base64Decoder = (text: string) => Uint8Array;

// The runtime's native decoder (workerd has it; the TypeScript library does not name it yet).
const fromBase64 = (Uint8Array as unknown as { fromBase64?: Base64Decoder }).fromBase64;

const ascii = new TextDecoder();
const encoder = new TextEncoder();

interface LiftedPart {
  start: number;
  end: number;
  marker: string;
}

export interface LiftedMessage {
  /** The message with each lifted body replaced by its marker, for the parser. */
  skeleton: Uint8Array;
  /** How many bodies were lifted. */
  count: number;
  /** The index of the lifted part whose marker the parser gave as `content`, or null. */
  partOf(content: Uint8Array): number | null;
  /** The bytes of lifted part `index`; throws when its body is not plain base64. */
  decode(index: number): Uint8Array;
}

/** The value of a header (unfolded, lower-cased) in a block of header lines, or null. */
function headerValue(block: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\n)${name}[ \\t]*:([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, "i").exec(block);
  return match?.[1] === undefined ? null : match[1].replace(/\s+/g, " ").trim().toLowerCase();
}

/** A part whose body the parser would keep as bytes: base64, and not text or a container. */
function isBinaryBase64Part(block: string): boolean {
  if (headerValue(block, "content-transfer-encoding") !== "base64") return false;
  const type = headerValue(block, "content-type")?.split(";")[0]?.trim() ?? "";
  return type !== "" && !type.startsWith("text/") && !type.startsWith("multipart/") && !type.startsWith("message/");
}

/** End of the line starting at `at` (the LF's index, or the length) and the start of the next. */
function lineAt(raw: Uint8Array, at: number): { end: number; next: number } {
  const lf = raw.indexOf(LF, at);
  return lf === -1 ? { end: raw.length, next: raw.length } : { end: lf, next: lf + 1 };
}

/**
 * Where the body starting at `start` ends: at the next line starting with "--" (a boundary).
 * Found by jumping from dash to dash: base64 has none, so a body is crossed in one native search
 * instead of one per line.
 */
function bodyEnd(raw: Uint8Array, start: number): number {
  for (let at = raw.indexOf(DASH, start); at !== -1; at = raw.indexOf(DASH, at + 1)) {
    if (raw[at + 1] === DASH && (at === start || raw[at - 1] === LF)) return at;
  }
  return raw.length;
}

function findParts(raw: Uint8Array): { start: number; end: number }[] {
  const parts: { start: number; end: number }[] = [];
  let at = 0;
  // A part's header block follows a boundary line; everything else is skipped line by line.
  while (at < raw.length) {
    const boundary = raw[at] === DASH && raw[at + 1] === DASH;
    at = lineAt(raw, at).next;
    if (!boundary) continue;
    const headersStart = at;
    while (at < raw.length && at - headersStart <= maxHeaderBytes) {
      const line = lineAt(raw, at);
      const blank = line.end === at || (line.end === at + 1 && raw[at] === CR);
      if (blank) {
        const block = ascii.decode(raw.subarray(headersStart, at)).replaceAll("\r", "");
        at = line.next;
        if (isBinaryBase64Part(block)) {
          const end = bodyEnd(raw, at);
          if (end - at >= minLiftedBytes) parts.push({ start: at, end });
          at = end;
        }
        break;
      }
      at = line.next;
    }
  }
  return parts;
}

/**
 * The message with its large base64 attachment bodies lifted out, or null when there is none
 * (or the runtime has no native base64 decoder).
 */
export function liftAttachments(raw: Uint8Array): LiftedMessage | null {
  const decodeBase64 = fromBase64;
  if (!decodeBase64 || raw.length < minLiftedBytes) return null;
  const found = findParts(raw);
  if (found.length === 0) return null;
  const nonce = crypto.randomUUID();
  const parts: LiftedPart[] = found.map((part, i) => ({ ...part, marker: `mailroom-lifted-part:${nonce}:${String(i)}` }));
  const markerLines = parts.map((part) => encoder.encode(`${btoa(part.marker)}\r\n`));
  const size = raw.length - parts.reduce((sum, p) => sum + p.end - p.start, 0) + markerLines.reduce((sum, m) => sum + m.length, 0);
  const skeleton = new Uint8Array(size);
  let from = 0;
  let to = 0;
  parts.forEach((part, i) => {
    skeleton.set(raw.subarray(from, part.start), to);
    to += part.start - from;
    const line = markerLines[i] ?? new Uint8Array();
    skeleton.set(line, to);
    to += line.length;
    from = part.end;
  });
  skeleton.set(raw.subarray(from), to);
  const byMarker = new Map(parts.map((part, i) => [part.marker, i]));
  return {
    skeleton,
    count: parts.length,
    partOf: (content) => (content.length > 100 ? null : (byMarker.get(ascii.decode(content)) ?? null)),
    decode: (index) => {
      const part = parts[index];
      if (!part) throw new RangeError("no such lifted part");
      // Skips line breaks, and throws on anything the parser would read differently (stray
      // characters, padding inside the body).
      return decodeBase64(ascii.decode(raw.subarray(part.start, part.end)));
    },
  };
}
