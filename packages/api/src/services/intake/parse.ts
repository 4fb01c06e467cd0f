import PostalMime, { decodeWords, type Address, type Email } from "postal-mime";
import type { DisplayHeader } from "../messages/body.ts";
import { safeFilename } from "../messages/filename.ts";
import { liftAttachments, type LiftedMessage } from "./lift.ts";
import { truncateChars, type IntakeLimits } from "./limits.ts";

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  contentId: string | null;
  disposition: string | null;
  content: Uint8Array;
}

/** What intake keeps of a parsed message, before the storage limits apply. */
export interface ParsedMessage {
  messageId: string | null;
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: DisplayHeader[];
  attachments: ParsedAttachment[];
}

// The headers a reader sees above a message; the rest stays in the raw message.
const displayHeaderNames = new Set(["from", "sender", "reply-to", "to", "cc", "date", "subject", "message-id", "in-reply-to", "references", "list-unsubscribe"]);

const encoder = new TextEncoder();

// SQLite text cannot hold NUL characters reliably; they carry no meaning in mail text.
export function clean(value: string): string {
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

function optionalText(value: string | undefined): string | null {
  if (value === undefined) return null;
  const cleaned = clean(value).trim();
  return cleaned === "" ? null : cleaned;
}

// Bodies keep their whitespace; an empty one is no body.
function body(value: string | undefined): string | null {
  if (value === undefined || value.trim() === "") return null;
  return clean(value);
}

function decodeHeader(value: string): string {
  try {
    return decodeWords(value);
  } catch {
    return value;
  }
}

function firstMailbox(address: Address | undefined): { address: string; name: string } | null {
  if (!address) return null;
  if (address.group === undefined) return { address: address.address, name: address.name };
  const member = address.group[0];
  return member ? { address: member.address, name: member.name } : null;
}

function displayHeaders(email: Email, limits: IntakeLimits): DisplayHeader[] {
  const headers: DisplayHeader[] = [];
  let bytes = 2;
  for (const header of email.headers) {
    if (!displayHeaderNames.has(header.key)) continue;
    const entry = { name: header.originalKey, value: truncateChars(clean(decodeHeader(header.value)).trim(), limits.maxHeaderValueChars) };
    bytes += encoder.encode(JSON.stringify(entry)).byteLength + 1;
    if (bytes > limits.maxHeadersJsonBytes) break;
    headers.push(entry);
  }
  return headers;
}

function attachmentBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === "string") return encoder.encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function parsedFrom(email: Email, contents: Uint8Array[], limits: IntakeLimits): ParsedMessage {
  const from = firstMailbox(email.from);
  return {
    messageId: optionalText(email.messageId),
    fromAddress: from ? optionalText(truncateChars(from.address, limits.maxAddressChars)) : null,
    fromName: from ? optionalText(truncateChars(from.name, limits.maxAddressChars)) : null,
    subject: optionalText(email.subject === undefined ? undefined : truncateChars(email.subject, limits.maxSubjectChars)),
    text: body(email.text),
    html: body(email.html),
    headers: displayHeaders(email, limits),
    attachments: email.attachments.map((a, i) => ({
      filename: safeFilename(truncateChars(clean(a.filename ?? ""), limits.maxFilenameChars), `attachment-${String(i + 1)}`),
      contentType: truncateChars(a.mimeType || "application/octet-stream", 255),
      contentId: a.contentId ? truncateChars(clean(a.contentId), 998) : null,
      disposition: a.disposition ? truncateChars(a.disposition, 64) : null,
      content: contents[i] ?? new Uint8Array(),
    })),
  };
}

/**
 * The attachment contents of a message parsed with its large bodies lifted out, each marker
 * replaced by the bytes it stands for; null unless every lifted body came back exactly once as
 * an attachment and decodes as the parser would have decoded it.
 */
function liftedContents(email: Email, lifted: LiftedMessage): Uint8Array[] | null {
  const seen = new Set<number>();
  const contents: Uint8Array[] = [];
  try {
    for (const attachment of email.attachments) {
      const content = attachmentBytes(attachment.content);
      const index = lifted.partOf(content);
      if (index === null) {
        contents.push(content);
      } else {
        if (seen.has(index)) return null;
        seen.add(index);
        contents.push(lifted.decode(index));
      }
    }
  } catch {
    return null;
  }
  return seen.size === lifted.count ? contents : null;
}

/** Parses a raw message. Throws when the parser gives up (the caller records the message anyway). */
export async function parseMessage(bytes: Uint8Array, limits: IntakeLimits): Promise<ParsedMessage> {
  const lifted = liftAttachments(bytes);
  if (lifted) {
    // Any doubt (the parser refuses the skeleton, a marker goes missing) means a plain parse.
    const parsed = await PostalMime.parse(lifted.skeleton, { attachmentEncoding: "arraybuffer" }).then(
      (email) => {
        const contents = liftedContents(email, lifted);
        return contents ? parsedFrom(email, contents, limits) : null;
      },
      () => null,
    );
    if (parsed) return parsed;
  }
  const email = await PostalMime.parse(bytes, { attachmentEncoding: "arraybuffer" });
  return parsedFrom(
    email,
    email.attachments.map((a) => attachmentBytes(a.content)),
    limits,
  );
}
