import { createDb } from "@mailroom/db";
import { attachments, messages } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { deliver, emailMessage, seedMailbox, storedRaw, withStoredBody } from "./support/email-message.ts";

const db = createDb(env.DB);
type Row = typeof messages.$inferSelect;
type Attachment = typeof attachments.$inferSelect;

function contains(value: string | null | undefined, part: string): void {
  expect(value ?? "").toContain(part);
}

/** What must hold for each corpus file once stored; every file in the corpus needs an entry. */
const expectations: Record<string, (row: Row, files: Attachment[]) => void> = {
  "8bit-headers.eml": (row) => {
    expect(row.subject).toBe("Grüße aus Köln");
    expect(row.fromName).toBe("Jürgen Müller");
  },
  "bad-charset-name.eml": (row) => {
    contains(row.textBody, "plain ascii body with a bad charset label");
  },
  "bare-cr.eml": (row) => {
    contains(row.textBody, "one");
  },
  "big5-base64.eml": (row) => {
    expect(row.subject).toBe("繁體主旨");
    contains(row.textBody, "繁體中文內容");
  },
  "broken-boundary.eml": (row) => {
    expect(row.subject).toBe("Broken boundary");
  },
  "broken-encoded-words.eml": (row) => {
    contains(row.subject, "ok part");
  },
  "deep-nesting.eml": (row) => {
    // Nesting beyond the parser's depth limit: recorded from the envelope, raw kept.
    expect(row.subject).toBe("Too deep");
    expect(row.notice).toBe("This message could not be parsed; the raw message is kept.");
    expect(row.rawKey).toBe(`msg/${row.id}`);
  },
  "empty-body.eml": (row) => {
    expect(row.subject).toBe("Empty body");
    expect(row.textBody).toBeNull();
  },
  "gb2312-qp.eml": (row) => {
    expect(row.subject).toBe("中文主题");
    contains(row.textBody, "简体中文正文");
  },
  "gbk-8bit.eml": (row) => {
    expect(row.subject).toBe("测试邮件");
    contains(row.textBody, "你好，世界。欢迎使用。");
  },
  "header-garbage.eml": (row) => {
    contains(row.textBody, "Body after garbage");
  },
  "html-only-cp1252.eml": (row) => {
    contains(row.htmlBody, "Naïve café – done");
    expect(row.textBody).toBeNull();
  },
  "huge-header-line.eml": (row) => {
    expect(row.subject?.length).toBeLessThanOrEqual(998);
    contains(row.subject, "Long subject Long subject");
    contains(row.textBody, "Body after huge headers.");
    expect(new TextEncoder().encode(row.headers).byteLength).toBeLessThanOrEqual(64 * 1024);
  },
  "invalid-qp.eml": (row) => {
    contains(row.textBody, "Bad escapes");
  },
  "iso-2022-jp.eml": (row) => {
    expect(row.subject).toBe("件名テスト");
    contains(row.textBody, "こんにちは、世界");
  },
  "lf-only.eml": (row) => {
    expect(row.subject).toBe("Bare LF line endings");
    contains(row.textBody, "Line one\nLine two");
  },
  "missing-boundary-param.eml": (row) => {
    expect(row.subject).toBe("No boundary parameter");
  },
  "missing-headers.eml": (row) => {
    contains(row.textBody, "A body with no headers at all.");
    expect(row.messageIdHeader).toMatch(/^<[0-9a-f]{64}@mailroom\.invalid>$/);
    expect(row.fromAddress).toBeNull();
  },
  "nested-multipart.eml": (row, files) => {
    contains(row.textBody, "Nested plain text");
    contains(row.htmlBody, "Nested");
    expect(files.map((f) => f.filename)).toEqual(expect.arrayContaining(["data.csv", "fwd.eml"]));
    expect(files.find((f) => f.contentType === "image/png")?.contentId).toBe("<logo@x>");
  },
  "no-message-id.eml": (row) => {
    expect(row.messageIdHeader).toMatch(/^<[0-9a-f]{64}@mailroom\.invalid>$/);
  },
  "nul-bytes.eml": (row) => {
    expect(row.textBody).toBe("Beforeafterend\n");
    expect(row.subject).not.toContain("\u0000");
  },
  "only-attachments.eml": (row, files) => {
    expect(row.textBody).toBeNull();
    expect(files.map((f) => f.filename).sort()).toEqual(["a.pdf", "attachment-2"]);
    expect(files.every((f) => f.storageKey !== null)).toBe(true);
  },
  "rfc2231-filename.eml": (_row, files) => {
    expect(files.map((f) => f.filename)).toEqual(["文件名.txt"]);
  },
  "unclosed-multipart.eml": (row) => {
    contains(row.textBody, "First part, and the message just stops");
  },
  "unknown-transfer-encoding.eml": (row) => {
    contains(row.textBody, "raw body kept as is");
  },
  "unterminated-base64.eml": (row) => {
    expect(row.subject).toBe("Unterminated base64");
  },
  "utf16-base64.eml": (row) => {
    contains(row.textBody, "UTF-16 text ✓");
  },
  "windows-1251.eml": (row) => {
    expect(row.subject).toBe("Привет");
    contains(row.textBody, "Привет, мир!");
  },
  "windows-1252-qp.eml": (row) => {
    expect(row.subject).toBe("Café");
    contains(row.textBody, "café costs 5 € — “quoted”");
  },
};

let corpus: [string, Uint8Array][] = [];

beforeAll(async () => {
  const response = await fetch(`${inject("fakes").fixtures ?? ""}/mime`);
  const files = await response.json<Record<string, string>>();
  corpus = Object.entries(files).map(([name, base64]) => [name, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]);
});

async function deliverTo(address: string, raw: Uint8Array, overrides: Partial<Cloudflare.Env> = {}) {
  const userId = address.split("@")[0] ?? "";
  const { mailboxId } = await seedMailbox(db, { userId, address });
  const message = emailMessage({ from: "sender@example.com", to: address, raw });
  await deliver(message, overrides);
  expect(message.setReject).not.toHaveBeenCalled();
  const rows = await db.select().from(messages).where(eq(messages.mailboxId, mailboxId));
  expect(rows).toHaveLength(1);
  const [stored] = rows;
  if (!stored) throw new Error("no row");
  return { row: await withStoredBody(stored), files: await db.select().from(attachments).where(eq(attachments.messageId, stored.id)) };
}

describe("malformed MIME corpus", () => {
  it("has at least 20 cases, each with expectations", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    expect(corpus.map(([name]) => name).sort()).toEqual(Object.keys(expectations).sort());
  });

  it("stores every case without a crash, with what each one must show", async () => {
    for (const [index, [name, raw]] of corpus.entries()) {
      const { row, files } = await deliverTo(`corpus${index}@mail.localhost`, raw);
      expect(row.size, name).toBe(raw.byteLength);
      expect(row.toAddress).toBe(`corpus${index}@mail.localhost`);
      expectations[name]?.(row, files);
    }
  });

  it("cuts a text body over the D1-safe size and says so", async () => {
    const line = "All work and no play makes a very long mail. 验证\r\n";
    const text = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    const raw = new TextEncoder().encode(
      `From: a@example.com\r\nSubject: Huge body\r\nMessage-ID: <huge-body@example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
    );
    const { row } = await deliverTo("hugebody@mail.localhost", raw);
    const stored = new TextEncoder().encode(row.textBody ?? "").byteLength;
    expect(stored).toBeGreaterThan(400 * 1024);
    expect(stored).toBeLessThanOrEqual(450 * 1024);
    expect(row.notice).toBe("The text body was longer than 450 KiB and was cut.");
    expect(row.size).toBe(raw.byteLength);
    // The raw message is kept whole.
    expect((await storedRaw(row))?.byteLength).toBe(raw.byteLength);
  });

  it("cuts an HTML body over the D1-safe size and says so", async () => {
    const html = `<html><body>${"<p>Newsletter paragraph with ünïcode</p>".repeat(40_000)}</body></html>`;
    const raw = new TextEncoder().encode(
      `From: a@example.com\r\nSubject: Huge html\r\nMessage-ID: <huge-html@example.com>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}`,
    );
    const { row } = await deliverTo("hugehtml@mail.localhost", raw);
    expect(new TextEncoder().encode(row.htmlBody ?? "").byteLength).toBeLessThanOrEqual(1100 * 1024);
    expect(row.notice).toBe("The HTML body was longer than 1.1 MiB and was cut.");
  });

  it("records a message with a header of megabytes from its first 64 KiB of headers (the parser refused it whole), with the raw kept", async () => {
    const raw = new TextEncoder().encode(`From: a@example.com\r\nSubject: Headers too big\r\nMessage-ID: <bighead@example.com>\r\nX-Pad: ${"z".repeat(2_200_000)}\r\n\r\nbody\r\n`);
    const { row } = await deliverTo("bighead@mail.localhost", raw);
    expect(row).toMatchObject({ subject: "Headers too big", messageIdHeader: "<bighead@example.com>", notice: "The message's header block was longer than 64 KiB; only its beginning was read." });
    expect(row.textBody?.trim()).toBe("body");
    expect((await storedRaw(row))?.byteLength).toBe(raw.byteLength);
  });

  it("says when an unparsable message cannot be kept because storage is not bound", async () => {
    const raw = corpus.find(([name]) => name === "deep-nesting.eml")?.[1] ?? new Uint8Array();
    const { row } = await deliverTo("deepnobucket@mail.localhost", raw, { ATTACHMENTS: undefined });
    expect(row.rawKey).toBeNull();
    expect(row.notice).toBe("This message could not be parsed, and without attachment storage the raw message could not be kept.");
  });
});
