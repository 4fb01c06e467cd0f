import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { resendEventsTestSecret } from "../worker/support/resend-fake.ts";
import { repoRoot } from "./support/dev-stack.ts";
import { webOrigin, workerOrigin } from "./support/origins.ts";
import { createAdmin, createMailbox, signIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface ResendRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the fake Resend received from this mailbox, oldest first. */
async function sentThroughResend(from: string): Promise<Record<string, unknown>[]> {
  const recorded = (await (await fetch(`${inject("browserFakes").resend ?? ""}/__requests`)).json()) as ResendRequest[];
  return recorded.filter((r) => r.path === "/emails").map((r) => JSON.parse(r.body) as Record<string, unknown>).filter((b) => b.from === from);
}

describe("sending mail in the browser", () => {
  it("composes with recipient chips and a file, sees it sent in Sent, and replies to a received mail", async () => {
    const user = { email: "writer@example.com", password: "writer password 1" };
    createAdmin(user);
    const page = await (await browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "writer");

    await page.getByRole("link", { name: "Send mail" }).click();
    await page.waitForURL(`${webOrigin}/compose`);
    expect(await page.getByTestId("outbound-usage").textContent()).toBe("0 of 20 sent today");
    expect(await page.getByLabel("From", { exact: true }).locator("option:checked").textContent()).toBe(address);
    const to = page.getByLabel("To", { exact: true });
    expect(await to.count()).toBe(1);
    await to.fill("friend@example.com");
    await to.press("Enter");
    await to.fill("not-an-address");
    await to.press("Enter");
    await page.getByLabel("Subject").fill("Plans for Friday");
    await page.getByLabel("Message").fill("Dinner at eight?");
    await page.getByLabel("Attachments").setInputFiles({ name: "menu.txt", mimeType: "text/plain", buffer: Buffer.from("soup, bread") });
    await page.getByText("menu.txt").waitFor();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Fix or remove the addresses marked invalid.").waitFor();
    await page.getByRole("button", { name: "Remove not-an-address" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();

    await page.waitForURL(`${webOrigin}/sent`);
    const row = page.locator("tr", { hasText: "Plans for Friday" });
    await row.getByText("Sent", { exact: true }).waitFor();
    expect(await row.getAttribute("data-status")).toBe("sent");
    await page.getByText("1 of 20 sent today").waitFor();
    const [sent] = await sentThroughResend(address);
    expect(sent).toMatchObject({ to: ["friend@example.com"], subject: "Plans for Friday", text: "Dinner at eight?", attachments: [{ filename: "menu.txt", content: Buffer.from("soup, bread").toString("base64"), content_type: "text/plain" }] });

    // A reply from the message view: to the sender, "Re:" subject, the original quoted, threaded.
    expect(npmRun("mail", ["--to", address, "--from", "host@party.example", "--subject", "Friday dinner", "--text", "Can you bring dessert?"])).toContain("delivered");
    await page.getByRole("link", { name: "Inbox" }).first().click();
    await page.getByRole("link", { name: "Friday dinner" }).click({ timeout: 20_000 });
    await page.getByRole("link", { name: "Reply" }).click();
    await page.waitForURL(/\/compose\?reply=/);
    await page.getByRole("list", { name: "Recipients in To" }).getByText("host@party.example").waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("Re: Friday dinner");
    const body = page.getByLabel("Message");
    expect(await body.inputValue()).toContain("> Can you bring dessert?");
    await body.press("Control+Home");
    await body.pressSequentially("Yes, a cake.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(`${webOrigin}/sent`);
    await page.locator("tr", { hasText: "Re: Friday dinner" }).getByText("Sent", { exact: true }).waitFor();
    const reply = (await sentThroughResend(address)).find((b) => b.subject === "Re: Friday dinner");
    expect(reply?.to).toEqual(["host@party.example"]);
    expect(String(reply?.text)).toMatch(/^Yes, a cake\.\n\nOn .+, host@party\.example wrote:\n> Can you bring dessert\?$/);
    expect((reply?.headers as Record<string, string> | undefined)?.["In-Reply-To"]).toMatch(/^<[^<>]+@party\.example>$/);

    // The administrator sees today's sends against the quota on the users page.
    await page.getByRole("link", { name: "Users" }).click();
    expect(await page.locator("tr", { hasText: user.email }).getByTestId("user-outbound-usage").textContent()).toBe("2 / 20");
    expect(errors).toEqual([]);
  });
});

/** Posts a Resend event to the dev stack's worker, signed as Resend signs (svix headers). */
async function postResendEvent(type: string, emailId: string, extra: Record<string, unknown> = {}): Promise<Response> {
  const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId, to: ["nobody@example.com"], subject: "x", ...extra } });
  const id = `msg_${crypto.randomUUID()}`;
  const at = new Date();
  return fetch(`${workerOrigin}/api/outbound/events/resend`, {
    method: "POST",
    headers: { "content-type": "application/json", "svix-id": id, "svix-timestamp": String(Math.floor(at.getTime() / 1000)), "svix-signature": new Webhook(resendEventsTestSecret).sign(id, at, body) },
    body,
  });
}

/** The files wrangler's local send_email wrote for a mail with this text (it keeps them while `npm run dev` runs). */
function locallySentTexts(text: string): string[] {
  const root = path.join(repoRoot, ".wrangler", "tmp", "email");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".txt"))
    .map((file) => path.join(root, file))
    .filter((file) => readFileSync(file, "utf8").includes(text));
}

describe("sending without a third party, and delivery status", () => {
  it("sends through Cloudflare's local sending in npm run dev, then a Resend bounce turns a mail bounced with its reason, in both languages", async () => {
    const user = { email: "platform-sender@example.com", password: "platform sender 1" };
    createAdmin(user);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);

    // The administrator picks Cloudflare's sending for the domain (Resend stays automatic elsewhere).
    await page.goto(`${webOrigin}/admin/settings`);
    const form = page.getByRole("form", { name: "Sending for mail.localhost" });
    await form.getByLabel("Provider").selectOption("platform");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Sends through Cloudflare.").waitFor();
    expect(await page.getByTestId("sender-environment").textContent()).toContain("/api/outbound/events/resend");

    await page.goto(`${webOrigin}/dashboard`);
    const address = await createMailbox(page, "localsend");
    const subject = `Local hello ${crypto.randomUUID().slice(0, 8)}`;
    const sendMail = async (text: string) => {
      await page.goto(`${webOrigin}/compose`);
      const to = page.getByLabel("To", { exact: true });
      await to.fill("friend@example.com");
      await to.press("Enter");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await page.waitForURL(`${webOrigin}/sent`);
    };
    await sendMail("Sent with no account at all.");
    const platformRow = page.locator("tr", { hasText: subject });
    await platformRow.getByText("Sent", { exact: true }).waitFor();
    await platformRow.getByText("via Cloudflare").waitFor();
    expect(await sentThroughResend(address)).toEqual([]);
    // wrangler's emulation really took it: the text is on disk where the README says.
    expect(locallySentTexts("Sent with no account at all.").length).toBeGreaterThan(0);

    // Back to automatic (Resend here), a second mail, and Resend reports a bounce for it.
    await page.goto(`${webOrigin}/admin/settings`);
    await form.getByLabel("Provider").selectOption("auto");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Sends through Resend.").waitFor();
    await sendMail("This one goes through Resend.");
    await page.locator("tr", { hasText: subject }).getByText("via Resend").waitFor();
    const listed = (await page.evaluate(async () => {
      const res = await fetch(`/api/trpc/outbound.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 5 } }))}`);
      const body: unknown = await res.json();
      return body;
    })) as { result: { data: { json: { items: { providerMessageId: string | null; provider: string }[] } } } };
    const resendId = listed.result.data.json.items.find((item) => item.provider === "resend")?.providerMessageId ?? "";
    expect(resendId).toMatch(/^re_fake_/);
    expect((await postResendEvent("email.bounced", resendId, { bounce: { message: "The mailbox does not exist", type: "Permanent", subType: "General" } })).status).toBe(200);
    // A late "delivered" does not undo it.
    expect(await (await postResendEvent("email.delivered", resendId)).json()).toEqual({ ok: true, applied: false });

    await page.reload();
    const bouncedRow = page.locator("tr[data-status=bounced]", { hasText: subject });
    await bouncedRow.getByText("Bounced", { exact: true }).waitFor();
    await bouncedRow.getByText("The mailbox does not exist (Permanent, General)").waitFor();
    expect(await page.locator("tr[data-status=sent]", { hasText: subject }).count()).toBe(1);

    // The same in Chinese.
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: webOrigin }]);
    await page.reload();
    await page.locator("tr[data-status=bounced]", { hasText: subject }).getByText("被退回", { exact: true }).waitFor();
    await page.locator("tr[data-status=sent]", { hasText: subject }).getByText("经 Cloudflare").waitFor();
    await page.goto(`${webOrigin}/admin/settings`);
    await page.getByRole("heading", { name: "发信" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
