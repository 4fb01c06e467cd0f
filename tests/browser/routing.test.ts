// Mail routing (issue 23) from the screens: forwarding with a copy, plus-addressing, a catch-all and
// a blocklist, set up by hand and seen working on mail sent through the dev stack's email endpoint,
// in English and Chinese at 390 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { createAdmin, signIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function fitsThePhone(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function openMessage(page: Page, subject: string): Promise<void> {
  await page.goto(`${webOrigin}/inbox`);
  await page.getByRole("link", { name: subject }).click({ timeout: 20_000 });
  await page.getByRole("heading", { name: subject, level: 1 }).waitFor();
}

async function setCatchAll(page: Page, mode: string, address?: string): Promise<void> {
  await page.goto(`${webOrigin}/admin/settings`);
  const form = page.getByRole("form", { name: "Catch-all for mail.localhost" });
  await form.getByLabel("Unknown addresses").selectOption({ label: mode });
  if (address !== undefined) await form.getByLabel("Mailbox").fill(address);
  await form.getByRole("button", { name: "Save" }).click();
  await form.getByText("Catch-all for mail.localhost saved.").waitFor();
}

describe("mail routing", () => {
  it("forwards with a copy, files a plus tag, catches unknown addresses and blocks a sender, in both languages at 390 px", async () => {
    const admin = { email: "routing-admin@example.com", password: "routing screens password 1" };
    createAdmin(admin);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, admin, "/dashboard");

    // A mailbox that forwards and keeps a copy.
    await page.getByLabel("Name (optional)").fill("router");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    const box = page.getByTestId("mailbox").filter({ hasText: "router@mail.localhost" });
    await box.waitFor();
    await box.getByText("Forwarding and pause").click();
    await box.getByText("The platform forwards only to destination addresses verified in its dashboard").waitFor();
    await box.getByLabel("Forward new mail to (up to 5 addresses, one per line)").fill("not-an-address");
    await box.getByRole("button", { name: "Save" }).click();
    await box.getByText("not-an-address: Enter a valid e-mail address").waitFor();
    await box.getByLabel("Forward new mail to (up to 5 addresses, one per line)").fill("me@example.net");
    expect(await box.getByLabel("Keep a copy here").isChecked()).toBe(true);
    await box.getByRole("button", { name: "Save" }).click();
    await box.getByText("Forwards to 1 address").waitFor();
    await fitsThePhone(page);

    // Plus-addressing: the tag shows in the list and on the message, which was forwarded and kept.
    npmRun("mail", ["--to", "router+shop@mail.localhost", "--from", "orders@shop.example", "--subject", "Tagged order", "--text", "Your code is 604211."]);
    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("row").filter({ hasText: "Tagged order" }).getByText("tag: shop").waitFor({ timeout: 20_000 });
    await openMessage(page, "Tagged order");
    await page.getByTestId("plus-tag").getByText("tag: shop").waitFor();
    await page.getByText(/to router\+shop@mail\.localhost/).waitFor();
    const forwards = page.getByTestId("forwards");
    await forwards.getByText("me@example.net").waitFor();
    await forwards.getByText("forwarded", { exact: true }).waitFor();
    await page.getByTestId("message-text").getByText("Your code is 604211.").waitFor();
    // Mail sent straight to the dev stack carries no authentication results.
    await page.getByTestId("authentication").getByText("DMARC: none").waitFor();
    await fitsThePhone(page);

    // A catch-all sends unknown addresses to the mailbox, which shows where each was sent.
    await setCatchAll(page, "Deliver to one mailbox", "router@mail.localhost");
    npmRun("mail", ["--to", "never-created@mail.localhost", "--from", "news@shop.example", "--subject", "Caught mail", "--text", "Hello."]);
    await openMessage(page, "Caught mail");
    await page.getByText("Caught by the catch-all, delivered to router@mail.localhost").waitFor();
    await page.getByText(/to never-created@mail\.localhost/).waitFor();
    // Off again, so unknown addresses bounce for the rest of the suite.
    await setCatchAll(page, "Reject (off)");
    expect(() => npmRun("mail", ["--to", "never-created-2@mail.localhost", "--from", "news@shop.example", "--subject", "Bounced", "--text", "Hello."])).toThrow(/rejected: Unknown recipient/);

    // A blocked domain: the sender is refused and the entry counts it.
    await page.goto(`${webOrigin}/settings/blocklist`);
    await page.getByRole("heading", { name: "Blocklist", level: 1 }).waitFor();
    await page.getByLabel("Address or domain").fill("not a domain");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.getByText("Enter an address (name@example.com), a domain (example.com) or *.example.com").waitFor();
    await page.getByLabel("Address or domain").fill("*.Spammy.Example");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    const rule = page.getByTestId("block-rules").getByRole("row").filter({ hasText: "*.spammy.example" });
    await rule.getByText("none yet").waitFor();
    expect(() => npmRun("mail", ["--to", "router@mail.localhost", "--from", "deals@mx.spammy.example", "--subject", "Blocked offer", "--text", "Buy now."])).toThrow(/rejected: Message rejected: the recipient has blocked this sender/);
    await page.reload();
    await rule.getByText("1 message").waitFor();
    await fitsThePhone(page);

    // The same controls in Chinese.
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: webOrigin }]);
    await page.goto(`${webOrigin}/dashboard`);
    const zhBox = page.getByTestId("mailbox").filter({ hasText: "router@mail.localhost" });
    await zhBox.getByText("转发到 1 个地址").waitFor();
    await zhBox.getByText("转发与暂停").click();
    await zhBox.getByLabel("在此保留一份副本").waitFor();
    await zhBox.getByText("平台只转发到已在其控制台中验证的目标地址").waitFor();
    await fitsThePhone(page);
    await page.goto(`${webOrigin}/settings/blocklist`);
    await page.getByRole("heading", { name: "黑名单", level: 1 }).waitFor();
    await page.getByText("1 封邮件").waitFor();
    await page.goto(`${webOrigin}/admin/settings`);
    await page.getByRole("heading", { name: "全收地址" }).waitFor();
    await page.getByLabel("未通过 DMARC 的邮件").waitFor();
    await context.clearCookies({ name: "NEXT_LOCALE" });

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
