import { loadMessageBody, readRawMessage } from "@mailroom/api";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { type Database, type MessageRow, type NewMessage } from "@mailroom/db";
import { mailboxes, users } from "@mailroom/db/schema";
import { vi, type Mock } from "vitest";
import worker from "../../../apps/worker/src/index.ts";
import { serviceContext } from "./service-context.ts";

export interface TestEmail extends ForwardableEmailMessage {
  setReject: Mock<(reason: string) => void>;
  /** How many bytes the handler pulled from `raw`. */
  bytesRead: () => number;
}

const encoder = new TextEncoder();

// The platform hands a stream in chunks; small chunks exercise reads across chunk edges.
const chunkSize = 64 * 1024;

/** Just the header block of a raw message, the way the platform exposes it as `headers`. */
function headersOf(raw: Uint8Array): Headers {
  const text = new TextDecoder("latin1").decode(raw.subarray(0, Math.min(raw.byteLength, 64 * 1024)));
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Headers();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    // Headers with raw 8-bit bytes stay out: fetch's Headers only warns about them.
    if (colon <= 0 || /[^\x20-\x7e\t]/.test(line)) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the Headers class refuses (bad name or bytes) is one the platform would drop too.
    }
  }
  return headers;
}

/**
 * A `ForwardableEmailMessage` as the platform hands it to `email()`: the raw message as a
 * stream, its size, its headers, and a `setReject` spy. `reply` rejects, because intake must never
 * call it; so does `forward` unless the test gives one (for a mailbox that forwards).
 */
export function emailMessage(input: { from: string; to: string; raw: string | Uint8Array; forward?: (rcptTo: string, headers?: Headers) => Promise<EmailSendResult> }): TestEmail {
  const raw = typeof input.raw === "string" ? encoder.encode(input.raw) : input.raw;
  let offset = 0;
  // No read-ahead, so `bytesRead` counts only what the handler asked for.
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= raw.byteLength) {
        controller.close();
        return;
      }
      const end = Math.min(offset + chunkSize, raw.byteLength);
      controller.enqueue(raw.slice(offset, end));
      offset = end;
    },
  }, { highWaterMark: 0 });
  const setReject = vi.fn<(reason: string) => void>();
  return {
    from: input.from,
    to: input.to,
    raw: stream,
    rawSize: raw.byteLength,
    headers: headersOf(raw),
    setReject,
    forward: input.forward ?? (() => Promise.reject(new Error("intake must not forward mail"))),
    reply: () => Promise.reject(new Error("intake must not reply to mail")),
    bytesRead: () => offset,
  };
}

const crlf = (lines: string[]) => lines.join("\r\n");

/** A plain RFC 5322 message for tests that are not about MIME edge cases. */
export function simpleMail(input: { from?: string; to: string; subject?: string; text?: string; html?: string; messageId?: string; extraHeaders?: string[] }): string {
  const headers = [
    `From: ${input.from ?? "Sender <sender@example.com>"}`,
    `To: ${input.to}`,
    `Subject: ${input.subject ?? "Hello"}`,
    "Date: Tue, 04 Aug 2026 10:00:00 +0000",
    ...(input.messageId === undefined ? [] : [`Message-ID: ${input.messageId}`]),
    "MIME-Version: 1.0",
    ...(input.extraHeaders ?? []),
  ];
  if (input.html === undefined) {
    return crlf([...headers, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", input.text ?? "Hi there.", ""]);
  }
  return crlf([
    ...headers,
    'Content-Type: multipart/alternative; boundary="alt"',
    "",
    "--alt",
    "Content-Type: text/plain; charset=utf-8",
    "",
    input.text ?? "Hi there.",
    "--alt",
    "Content-Type: text/html; charset=utf-8",
    "",
    input.html,
    "--alt--",
    "",
  ]);
}

/** A message with one base64 attachment of the given bytes. */
export function mailWithAttachment(input: { to: string; messageId: string; filename: string; content: Uint8Array; contentType?: string }): string {
  let binary = "";
  for (let i = 0; i < input.content.byteLength; i += 0x8000) {
    binary += String.fromCharCode(...input.content.subarray(i, i + 0x8000));
  }
  const base64 = btoa(binary).replace(/.{76}/g, "$&\r\n");
  return crlf([
    "From: Sender <sender@example.com>",
    `To: ${input.to}`,
    "Subject: With a file",
    `Message-ID: ${input.messageId}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="mix"',
    "",
    "--mix",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "See the file.",
    "--mix",
    `Content-Type: ${input.contentType ?? "application/octet-stream"}; name="${input.filename}"`,
    `Content-Disposition: attachment; filename="${input.filename}"`,
    "Content-Transfer-Encoding: base64",
    "",
    base64,
    "--mix--",
    "",
  ]);
}

/** Inserts a user with one mailbox, the way accounts and `mailboxes.create` would leave them. */
export async function seedMailbox(
  db: Database,
  input: { userId: string; address: string; mailboxId?: string; mailboxDisabled?: boolean; userDisabled?: boolean },
): Promise<{ userId: string; mailboxId: string; address: string }> {
  const now = new Date();
  const [localPart = "", domain = ""] = input.address.split("@");
  const mailboxId = input.mailboxId ?? `mb-${input.userId}`;
  await db.insert(users).values({ id: input.userId, email: `${input.userId}@owner.example`, disabled: input.userDisabled ?? false, createdAt: now, updatedAt: now });
  await db.insert(mailboxes).values({ id: mailboxId, userId: input.userId, localPart, domain, address: input.address, disabled: input.mailboxDisabled ?? false, createdAt: now });
  return { userId: input.userId, mailboxId, address: input.address };
}

/**
 * A message row for `insertMessage` in a user's mailbox, as intake would store it (fresh ids, no
 * recognition, kept 90 days from `receivedAt`), with `fields` set over it.
 */
export function storedMessage(box: { userId: string; mailboxId: string; address: string }, fields: Partial<NewMessage> & { receivedAt: Date }): NewMessage {
  return {
    id: `msg-${crypto.randomUUID()}`,
    mailboxId: box.mailboxId,
    userId: box.userId,
    messageIdHeader: `<${crypto.randomUUID()}@x>`,
    envelopeFrom: "bounce@sender.example",
    fromAddress: null,
    fromName: null,
    toAddress: box.address,
    subject: null,
    size: 10,
    rawKey: null,
    notice: null,
    recognitionKind: "none",
    recognitionValue: null,
    recognitionSource: "rules",
    expiresAt: new Date(fields.receivedAt.getTime() + 90 * 86_400_000),
    preview: "body",
    bodyLocation: "d1",
    body: null,
    objectBytes: 0,
    objectCount: 0,
    ...fields,
  };
}

/** Hands a message to the worker's `email()` handler as the platform does, and waits for its background work. */
export async function deliver(message: ForwardableEmailMessage, overrides: Partial<Cloudflare.Env> = {}): Promise<void> {
  const ctx = createExecutionContext();
  await worker.email(message, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * A stored row with its body read from wherever intake put it (the object store, or compressed in
 * the row), in the legacy columns' shape, so a test can check what was stored in one place.
 */
/** The raw message kept for a stored row, as bytes (null when it was not kept). */
export async function storedRaw(row: Pick<MessageRow, "rawKey" | "bodyLocation">): Promise<Uint8Array | null> {
  const stream = await readRawMessage(serviceContext(), row);
  return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;
}

export async function withStoredBody(row: MessageRow): Promise<MessageRow> {
  const body = await loadMessageBody(serviceContext(), row);
  return { ...row, textBody: body.text, htmlBody: body.html, headers: JSON.stringify(body.headers) };
}
