// Large base64 attachments are lifted out before parsing and decoded natively; whatever the
// message looks like, intake must read it exactly as the parser alone reads it.
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { liftAttachments } from "../../packages/api/src/services/intake/lift.ts";
import { defaultIntakeLimits } from "../../packages/api/src/services/intake/limits.ts";
import { parseMessage } from "../../packages/api/src/services/intake/parse.ts";

const encoder = new TextEncoder();

function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 131 + seed * 7 + (i >> 9)) & 0xff;
  return out;
}

function base64(content: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < content.length; i += 0x8000) binary += String.fromCharCode(...content.subarray(i, i + 0x8000));
  return btoa(binary);
}

const lines = (text: string, width = 76) => text.replace(new RegExp(`.{${String(width)}}`, "g"), "$&\r\n");

function attachmentPart(name: string, content: Uint8Array, extra: string[] = [], body = lines(base64(content))): string[] {
  return [`Content-Type: application/octet-stream; name="${name}"`, `Content-Disposition: attachment; filename="${name}"`, "Content-Transfer-Encoding: base64", ...extra, "", body];
}

function multipart(boundary: string, parts: string[][], type = "mixed"): string[] {
  return [`Content-Type: multipart/${type}; boundary="${boundary}"`, "", "preamble", ...parts.flatMap((p) => [`--${boundary}`, ...p]), `--${boundary}--`, "epilogue"];
}

const textPart = (text: string) => ["Content-Type: text/plain; charset=utf-8", "", text];

function mail(body: string[], eol = "\r\n"): Uint8Array {
  return encoder.encode([`From: Sender <s@example.com>`, "To: box@mail.localhost", "Subject: Files", "Message-ID: <lift@example.com>", "MIME-Version: 1.0", ...body, ""].join("\r\n").replace(/\r\n/g, eol));
}

async function digest(content: Uint8Array | ArrayBuffer | string): Promise<string> {
  const data = typeof content === "string" ? encoder.encode(content) : content;
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", data))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Intake's parse must equal the parser's own reading of the whole message. */
async function expectSameAsParser(raw: Uint8Array): Promise<void> {
  const ours = await parseMessage(raw, defaultIntakeLimits);
  const theirs = await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer" });
  expect(ours.subject).toBe(theirs.subject ?? null);
  expect(ours.text).toBe(theirs.text?.trim() ? theirs.text : null);
  expect(ours.html).toBe(theirs.html?.trim() ? theirs.html : null);
  const summary = (name: string | null, type: string, size: number, hash: string) => ({ name, type, size, hash });
  expect(await Promise.all(ours.attachments.map(async (a) => summary(a.filename, a.contentType, a.content.byteLength, await digest(a.content))))).toEqual(
    await Promise.all(
      theirs.attachments.map(async (a, i) => {
        const size = typeof a.content === "string" ? a.content.length : a.content.byteLength;
        return summary(a.filename ?? `attachment-${String(i + 1)}`, a.mimeType, size, await digest(a.content));
      }),
    ),
  );
}

describe("lifting large attachments out of the parser's way", () => {
  it("lifts a large base64 attachment and reads it byte for byte", async () => {
    const content = bytes(120_000, 1);
    const raw = mail(multipart("b", [textPart("See the file."), attachmentPart("data.bin", content)]));
    expect(liftAttachments(raw)?.count).toBe(1);
    const parsed = await parseMessage(raw, defaultIntakeLimits);
    expect(parsed.attachments).toHaveLength(1);
    expect(await digest(parsed.attachments[0]?.content ?? new Uint8Array())).toBe(await digest(content));
    await expectSameAsParser(raw);
  });

  it("leaves small attachments and text parts to the parser", async () => {
    const bigText = "A long text body in base64. ".repeat(3_000);
    const raw = mail(
      multipart("b", [
        ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", lines(btoa(bigText))],
        attachmentPart("small.bin", bytes(2_000, 2)),
      ]),
    );
    expect(liftAttachments(raw)).toBeNull();
    await expectSameAsParser(raw);
  });

  it("reads several attachments, nested parts, inline images and attached messages as the parser does", async () => {
    const inner = [
      "Content-Type: message/rfc822",
      "",
      "From: inner@example.com",
      "Subject: Inner",
      "MIME-Version: 1.0",
      ...multipart("inner", [textPart("Inner text"), attachmentPart("inner.bin", bytes(60_000, 3))]),
    ];
    const related = multipart(
      "rel",
      [
        ["Content-Type: text/html; charset=utf-8", "", '<p>Logo: <img src="cid:logo@x"></p>'],
        ["Content-Type: image/png", "Content-Transfer-Encoding: base64", "Content-ID: <logo@x>", "", lines(base64(bytes(70_000, 4)))],
      ],
      "related",
    );
    const raw = mail(
      multipart("outer", [
        multipart("alt", [textPart("Plain version"), related], "alternative"),
        attachmentPart("one.bin", bytes(90_000, 5)),
        attachmentPart("two.bin", bytes(40_000, 6)),
        attachmentPart("tiny.bin", bytes(10, 7)),
        inner,
      ]),
    );
    expect(liftAttachments(raw)?.count).toBe(4);
    await expectSameAsParser(raw);
  });

  it("falls back to the parser alone for bodies the native decoder reads differently", async () => {
    const padded = Array.from({ length: 1_200 }, (_, i) => base64(bytes(55, i))).join("\r\n");
    const stray = `${lines(base64(bytes(60_000, 8)))}\r\n!!not base64!!`;
    const unterminated = mail([...multipart("b", [textPart("cut"), attachmentPart("cut.bin", bytes(80_000, 9))]).slice(0, -2)]).slice(0, 70_000);
    for (const raw of [
      mail(multipart("b", [textPart("padded lines"), attachmentPart("padded.bin", new Uint8Array(), [], padded)])),
      mail(multipart("b", [textPart("stray characters"), attachmentPart("stray.bin", new Uint8Array(), [], stray)])),
      unterminated,
    ]) {
      // Lifted, then refused by the native decoder or the marker check.
      expect(liftAttachments(raw)?.count).toBe(1);
      await expectSameAsParser(raw);
    }
  });

  it("reads mail with bare LF line ends and folded headers the same way", async () => {
    const part = attachmentPart("folded.bin", bytes(50_000, 10)).map((line) => line.replace('; name="folded.bin"', ';\r\n\tname="folded.bin"'));
    const raw = mail(multipart("b", [textPart("LF only"), part]), "\n");
    expect(liftAttachments(raw)?.count).toBe(1);
    await expectSameAsParser(raw);
  });
});
