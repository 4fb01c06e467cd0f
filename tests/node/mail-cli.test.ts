import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeServer, type FakeServer } from "../support/fake-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let fake: FakeServer;
let answer: { status: number; body: string };

async function mail(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["packages/cli/src/mail/main.ts", ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The one request the CLI made, with its random Date and Message-ID checked and replaced. */
function posted() {
  expect(fake.requests).toHaveLength(1);
  const request = fake.requests[0];
  if (!request) throw new Error("no request");
  expect(request.body).toMatch(/\r\nDate: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0000\r\n/);
  expect(request.body).toMatch(/\r\nMessage-ID: <[0-9a-f-]{36}@b\.example>\r\n/);
  const body = request.body
    .replace(/\r\nDate: [^\r]+/, "\r\nDate: DATE")
    .replace(/\r\nMessage-ID: [^\r]+/, "\r\nMessage-ID: ID")
    .replace(/mailroom-[0-9a-f-]{36}/g, "BOUNDARY");
  return { ...request, body };
}

beforeAll(async () => {
  fake = await startFakeServer("wrangler-email", {
    "POST /cdn-cgi/handler/email": () => ({ status: answer.status, body: answer.body }),
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  answer = { status: 200, body: "Worker successfully processed email" };
});

describe("npm run mail", { timeout: 30_000 }, () => {
  it("builds a proper text message and posts it to the local email endpoint", async () => {
    const result = await mail("--to", "box@mail.localhost", "--from", "a@b.example", "--subject", "Hello", "--text", "Line one\nLine two", "--url", fake.url);
    expect(result).toMatchObject({ code: 0, stdout: "delivered to box@mail.localhost\n" });
    const request = posted();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/cdn-cgi/handler/email");
    expect(request.query).toEqual({ from: "a@b.example", to: "box@mail.localhost" });
    expect(request.headers["content-type"]).toBe("message/rfc822");
    expect(request.body).toBe(
      [
        "From: a@b.example",
        "To: box@mail.localhost",
        "Subject: Hello",
        "Date: DATE",
        "Message-ID: ID",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 7bit",
        "",
        "Line one",
        "Line two",
        "",
      ].join("\r\n"),
    );
  });

  it('takes a sender as mail programs write it, "Name <address>", with the address as the envelope sender', async () => {
    await mail("--to", "box@mail.localhost", "--from", "Shop Team <shop@b.example>", "--subject", "Hi", "--text", "x", "--url", fake.url);
    expect(posted().query).toEqual({ from: "shop@b.example", to: "box@mail.localhost" });
    expect(posted().body).toMatch(/^From: Shop Team <shop@b\.example>\r\n/);
    fake.requests.length = 0;
    await mail("--to", "box@mail.localhost", "--from", '"Ünïcode, Inc." <u@b.example>', "--subject", "Hi", "--text", "x", "--url", fake.url);
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode("Ünïcode, Inc.")));
    expect(posted().body).toMatch(new RegExp(`^From: =\\?UTF-8\\?B\\?${b64.replace(/[+/=]/g, "\\$&")}\\?= <u@b\\.example>\r\n`));
    fake.requests.length = 0;
    const refused = await mail("--to", "box@mail.localhost", "--from", "Name <not an address>", "--subject", "Hi", "--text", "x", "--url", fake.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--from must be an e-mail address");
    expect(fake.requests).toHaveLength(0);
  });

  it("encodes a non-ASCII subject and sends text plus HTML as multipart/alternative", async () => {
    const result = await mail("--to", "box@mail.localhost", "--from", "a@b.example", "--subject", "验证码 Code", "--text", "你的验证码是 123456", "--html", "<p>你的验证码是 <b>123456</b></p>", "--url", fake.url);
    expect(result.code).toBe(0);
    const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
    expect(posted().body).toBe(
      [
        "From: a@b.example",
        "To: box@mail.localhost",
        `Subject: =?UTF-8?B?${b64("验证码 Code")}?=`,
        "Date: DATE",
        "Message-ID: ID",
        "MIME-Version: 1.0",
        'Content-Type: multipart/alternative; boundary="BOUNDARY"',
        "",
        "--BOUNDARY",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        b64("你的验证码是 123456"),
        "--BOUNDARY",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        b64("<p>你的验证码是 <b>123456</b></p>"),
        "--BOUNDARY--",
        "",
      ].join("\r\n"),
    );
  });

  it("posts a message file byte for byte", async () => {
    const file = path.join(root, "tests/fixtures/mime/lf-only.eml");
    const result = await mail("--to", "box@mail.localhost", "--from", "sender@example.com", "--file", file, "--url", fake.url);
    expect(result.code).toBe(0);
    expect(fake.requests[0]?.body).toBe(readFileSync(file, "utf8"));
    expect(fake.requests[0]?.query).toEqual({ from: "sender@example.com", to: "box@mail.localhost" });
  });

  it("reports a rejection with its reason and exits non-zero", async () => {
    answer = { status: 400, body: "Worker rejected email with the following reason: Unknown recipient" };
    const result = await mail("--to", "nobody@mail.localhost", "--from", "a@b.example", "--subject", "S", "--text", "T", "--url", fake.url);
    expect(result).toMatchObject({ code: 1, stdout: "", stderr: "rejected: Unknown recipient\n" });
  });

  it("reports any other answer as a failure", async () => {
    answer = { status: 400, body: "Email could not be parsed: invalid or no message id provided" };
    const result = await mail("--to", "box@mail.localhost", "--from", "a@b.example", "--subject", "S", "--text", "T", "--url", fake.url);
    expect(result).toMatchObject({ code: 1, stderr: "failed: HTTP 400: Email could not be parsed: invalid or no message id provided\n" });
  });

  it("says so when nothing listens at the URL", async () => {
    const closed = await startFakeServer("closed", {});
    await closed.close();
    const result = await mail("--to", "box@mail.localhost", "--from", "a@b.example", "--subject", "S", "--text", "T", "--url", closed.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^failed: cannot reach http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)\. Is the worker running/);
  });

  it("refuses incomplete or contradictory arguments with usage and exit code 2, sending nothing", async () => {
    const cases = [
      ["--from", "a@b.example", "--subject", "S", "--text", "T"],
      ["--to", "not-an-address", "--from", "a@b.example", "--subject", "S", "--text", "T"],
      ["--to", "box@mail.localhost", "--from", "a@b.example", "--text", "T"],
      ["--to", "box@mail.localhost", "--from", "a@b.example", "--file", "x.eml", "--subject", "S"],
      ["--to", "box@mail.localhost", "--from", "a@b.example", "--subject", "S", "--text", "T", "--url", "ftp://x"],
      ["--to", "box@mail.localhost", "--from", "a@b.example", "--bogus"],
    ];
    for (const args of cases) {
      const result = await mail(...args, ...(args.includes("--url") ? [] : ["--url", fake.url]));
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("Usage: npm run mail");
    }
    const missing = await mail("--to", "box@mail.localhost", "--from", "a@b.example", "--file", "/nonexistent/x.eml", "--url", fake.url);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain("Cannot read /nonexistent/x.eml");
    expect(fake.requests).toHaveLength(0);
  });
});
