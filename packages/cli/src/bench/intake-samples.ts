// The four kinds of mail the intake benchmark delivers (issue 16): a plain 2 KiB mail with a
// code, a ~60 KiB HTML newsletter with a confirm link, a ~12 KiB GBK-encoded multilingual mail,
// and a mail with a ~1 MiB attachment (wrangler's local endpoint takes at most 1 MiB of raw mail).
import { buildMime } from "../../../../tests/fixtures/recognition/mime.ts";
import { composeMessage } from "../mail/compose.ts";

export interface Sample {
  name: string;
  from: string;
  /** The raw message; `i` and `tag` make its Message-ID unique. */
  build: (i: number, tag: string) => Uint8Array;
}

const encoder = new TextEncoder();

function base64Lines(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.byteLength; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/.{76}/g, "$&\r\n");
}

const paragraph =
  "We received a request to sign in to your account from a new device. If this was you, enter the code below on the sign-in page. " +
  "The code expires in ten minutes and can be used once. If you did not ask for it, you can ignore this message; nobody can sign in without the code.";

function plain(to: string): Sample {
  const from = "security@shop.example";
  return {
    name: "plain 2 KiB",
    from,
    build: (i, tag) => {
      const text = [`Your verification code is ${String(100000 + (i % 900000))}.`, "", paragraph, "", paragraph, "", paragraph, "", paragraph, "", paragraph, "", paragraph, "", paragraph, "", "The Shop team"].join("\n");
      return encoder.encode(composeMessage({ from, to, subject: "Your sign-in code", text, messageId: `<plain-${String(i)}-${tag}@shop.example>` }));
    },
  };
}

const story = (i: number) =>
  `<tr><td style="padding:12px;font-family:Arial,sans-serif"><a href="https://news.example/item/${String(i)}?utm_source=digest&amp;utm_medium=email">Story ${String(i)}: what happened this week</a>` +
  `<p style="color:#333">Paragraph ${String(i)} of the weekly digest, with some text to read and a <b>bold</b> word or two.</p></td></tr>\n`;
const newsletterHtml =
  `<!doctype html><html><head><meta charset="utf-8"><style>td{padding:8px}</style></head><body><table width="600">` +
  `<tr><td><p>Thanks for subscribing. Please <a href="https://news.example/confirm?t=abc123def456">confirm your subscription</a>.</p></td></tr>\n` +
  Array.from({ length: 206 }, (_, i) => story(i)).join("") +
  `<tr><td><a href="https://news.example/unsubscribe?u=1">Unsubscribe</a></td></tr></table></body></html>`;

function newsletter(to: string): Sample {
  const from = "digest@news.example";
  return {
    name: "HTML 61 KiB",
    from,
    build: (i, tag) =>
      encoder.encode(
        composeMessage({ from, to, subject: "Weekly digest", text: "Thanks for subscribing. Confirm: https://news.example/confirm?t=abc123def456", html: newsletterHtml, messageId: `<news-${String(i)}-${tag}@news.example>` }),
      ),
  };
}

const multilingual = [
  "您好！您的验证码是 582913，请在十分钟内完成验证。如果这不是您本人的操作，请忽略本邮件。",
  "感谢您注册我们的服务。为了保护您的账户安全，请不要把验证码告诉任何人，包括客服人员。我们的工作人员不会向您索取验证码。",
  "Hello! Your verification code is shown above. It expires in ten minutes. Do not share it with anyone.",
  "Здравствуйте! Код подтверждения указан выше. Никому не сообщайте этот код.",
  "こんにちは。上記のコードを入力してください。このメールに心当たりがない場合は、破棄してください。",
  "ΚΑΛΗΜΕΡΑ! Ο ΚΩΔΙΚΟΣ ΙΣΧΥΕΙ ΓΙΑ ΔΕΚΑ ΛΕΠΤΑ.",
  "本邮件由系统自动发送，请勿直接回复。如有疑问，请访问帮助中心或联系我们的客户服务团队，我们将竭诚为您服务。",
].join("\n");

function gbk(to: string): Sample {
  const from = "noreply@portal.example";
  const text = Array.from({ length: 12 }, () => multilingual).join("\n\n");
  return {
    name: "GBK 12 KiB",
    from,
    build: (i, tag) => {
      const bytes = buildMime(
        { id: `gbk-${String(i)}-${tag}`, category: "bench", from: `门户网站 <${from}>`, subject: "【门户网站】您的验证码", charset: "gbk", transferEncoding: "base64", text, expect: { kind: "code", value: "582913" } },
        i,
      );
      // The corpus builder addresses its own test inbox; the header block is ASCII (encoded words).
      const latin1 = new TextDecoder("latin1").decode(bytes).replace("To: inbox@mailroom.test", `To: ${to}`);
      return Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    },
  };
}

const attachmentBytes = new Uint8Array(760_000).map((_, i) => (i * 7 + (i >> 8)) & 0xff);
const attachmentBase64 = base64Lines(attachmentBytes);

function attachment(to: string): Sample {
  const from = "files@share.example";
  return {
    name: "~1 MiB attachment",
    from,
    build: (i, tag) =>
      encoder.encode(
        [
          `From: ${from}`,
          `To: ${to}`,
          "Subject: The file you asked for",
          `Message-ID: <file-${String(i)}-${tag}@share.example>`,
          "Date: Tue, 04 Aug 2026 10:00:00 +0000",
          "MIME-Version: 1.0",
          'Content-Type: multipart/mixed; boundary="b"',
          "",
          "--b",
          "Content-Type: text/plain; charset=utf-8",
          "",
          "The file is attached.",
          "--b",
          'Content-Type: application/octet-stream; name="data.bin"',
          'Content-Disposition: attachment; filename="data.bin"',
          "Content-Transfer-Encoding: base64",
          "",
          attachmentBase64,
          "--b--",
          "",
        ].join("\r\n"),
      ),
  };
}

/** The four kinds, addressed to `to`. */
export function intakeSamples(to: string): Sample[] {
  return [plain(to), newsletter(to), gbk(to), attachment(to)];
}
