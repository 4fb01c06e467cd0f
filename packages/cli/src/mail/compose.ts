import { randomUUID } from "node:crypto";

export interface ComposeInput {
  from: string;
  /** The sender's display name, if any. */
  fromName?: string | undefined;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Fixed values make the output reproducible (tests); the defaults are now and a fresh id. */
  date?: Date;
  messageId?: string;
}

const crlf = "\r\n";
const encoder = new TextEncoder();

function base64(text: string): string {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

// RFC 2047 encoded words of at most 75 characters: 45 bytes of UTF-8 become 60 of base64.
function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = "";
  for (const char of value) {
    if (encoder.encode(chunk + char).byteLength > 45) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk !== "") words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${base64(w)}?=`).join(`${crlf} `);
}

/** A display name: encoded words when not ASCII, else quoted when it holds specials (RFC 5322 §3.4). */
function displayName(name: string): string {
  if (!/^[\x20-\x7e]*$/.test(name)) return encodeHeader(name);
  return /^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~]*$/.test(name) ? name : `"${name.replace(/(["\\])/g, "\\$1")}"`;
}

function normalizeNewlines(body: string): string {
  return body.replace(/\r\n|\r|\n/g, crlf);
}

// Plain ASCII with short lines goes as 7bit; anything else as base64 in 76-character lines.
function bodyPart(contentType: string, body: string): string[] {
  const normalized = normalizeNewlines(body);
  const sevenBit = /^[\x20-\x7e\r\n\t]*$/.test(normalized) && normalized.split(crlf).every((line) => line.length <= 998);
  if (sevenBit) return [`Content-Type: ${contentType}; charset=utf-8`, "Content-Transfer-Encoding: 7bit", "", normalized];
  const encoded = base64(normalized).replace(/.{76}/g, `$&${crlf}`);
  return [`Content-Type: ${contentType}; charset=utf-8`, "Content-Transfer-Encoding: base64", "", encoded];
}

/** "Tue, 04 Aug 2026 10:00:00 +0000", the RFC 5322 date format. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** A complete RFC 5322 message with Date and Message-ID, text or text plus HTML. */
export function composeMessage(input: ComposeInput): string {
  const domain = input.from.split("@")[1] ?? "localhost";
  const headers = [
    `From: ${input.fromName ? `${displayName(input.fromName)} <${input.from}>` : input.from}`,
    `To: ${input.to}`,
    `Subject: ${encodeHeader(input.subject)}`,
    `Date: ${rfc5322Date(input.date ?? new Date())}`,
    `Message-ID: ${input.messageId ?? `<${randomUUID()}@${domain}>`}`,
    "MIME-Version: 1.0",
  ];
  if (input.html === undefined) return [...headers, ...bodyPart("text/plain", input.text)].join(crlf) + crlf;
  const boundary = `mailroom-${randomUUID()}`;
  return (
    [
      ...headers,
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      ...bodyPart("text/plain", input.text),
      `--${boundary}`,
      ...bodyPart("text/html", input.html),
      `--${boundary}--`,
    ].join(crlf) + crlf
  );
}
