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

describe("mail in the browser", () => {
  it("creates a mailbox, receives mail from npm run mail, shows and copies the code, and never runs mail scripts", async () => {
    const user = { email: "reader@example.com", password: "reader password 1" };
    createAdmin(user);

    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: webOrigin });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);

    await page.getByText("No mailboxes yet.").waitFor();
    await page.getByLabel("Name (optional)").fill("signup");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    const address = (await page.getByTestId("mailbox-address").first().textContent()) ?? "";
    expect(address).toBe("signup@mail.localhost");
    await page.getByText("No mail yet.").waitFor();

    // Delivered through wrangler's local email endpoint, as Email Routing would; the page polls.
    expect(npmRun("mail", ["--to", address, "--from", "noreply@service.example", "--subject", "Your sign-in code", "--text", "Hi! Your verification code is 731904. It expires in 10 minutes."])).toContain("delivered");
    await page.getByRole("link", { name: "Your sign-in code" }).click({ timeout: 20_000 });
    await page.waitForURL(/\/message\?id=/);
    expect(await page.getByTestId("recognized-code").textContent()).toBe("731904");
    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("731904");

    // Opening the message marked it read; "Mark unread" sticks when the window regains focus
    // and the message is fetched again (reading a message never writes).
    await page.getByRole("button", { name: "Mark unread" }).click();
    await page.getByRole("button", { name: "Mark read" }).waitFor();
    // Past the client's 5 s stale time, so regaining focus refetches the message.
    await page.waitForTimeout(5_500);
    const refetched = page.waitForResponse((res) => res.url().includes("messages.get"));
    await page.evaluate(() => {
      window.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("focus"));
    });
    await refetched;
    await page.waitForTimeout(500);
    expect(await page.getByRole("button", { name: "Mark read" }).count()).toBe(1);
    await page.getByRole("link", { name: "Inbox" }).first().click();
    await page.getByRole("link", { name: "Your sign-in code" }).waitFor();
    expect(await page.locator("tr", { hasText: "Your sign-in code" }).getAttribute("data-read")).toBe("false");
    await page.getByRole("link", { name: "Your sign-in code" }).click();
    await page.getByRole("button", { name: "Mark unread" }).waitFor();

    const html = [
      "<p>Welcome aboard.</p>",
      "<script>document.title = 'pwned'; try { parent.document.body.dataset.pwned = 'yes'; } catch (e) {}</script>",
      "<img src=\"x\" onerror=\"document.title = 'pwned-img'\">",
      "<a href=\"javascript:document.title = 'pwned-link'; opener.top.document.body.dataset.pwned = 'link'\">Claim your prize</a>",
    ].join("");
    expect(npmRun("mail", ["--to", address, "--from", "news@shop.example", "--subject", "Scripted newsletter", "--text", "Welcome aboard.", "--html", html])).toContain("delivered");
    await page.getByRole("link", { name: "Inbox" }).first().click();
    await page.getByRole("link", { name: "Scripted newsletter" }).click({ timeout: 20_000 });
    const frameElement = await page.waitForSelector('iframe[title="Message content"]');
    // The frame shares the app's origin (so the page can size it to the mail) only because it
    // never runs the mail's scripts: not inline, not in handlers, not from a javascript: link.
    // Each layer is checked on its own (CONTRACT §8): the sandbox without scripts, the frame's CSP,
    // and the sanitizer that took the scripts out before the HTML went in.
    expect(await frameElement.getAttribute("sandbox")).not.toMatch(/allow-scripts/);
    const frame = await frameElement.contentFrame();
    await frame?.getByText("Welcome aboard.").waitFor();
    expect(await frame?.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content"))).toMatch(/default-src 'none'/);
    const srcdoc = (await frameElement.getAttribute("srcdoc")) ?? "";
    expect(srcdoc).toContain("Welcome aboard.");
    expect(srcdoc).not.toMatch(/<script|onerror|javascript:/i);
    const popups: Page[] = [];
    context.on("page", (popup) => popups.push(popup));
    // The sanitizer dropped the javascript: href, so what is left is text, not a link; clicking it does nothing.
    expect(await frame?.getByRole("link", { name: "Claim your prize" }).count()).toBe(0);
    await frame?.getByText("Claim your prize").click();
    await page.waitForTimeout(1_000);
    for (const popup of popups) expect(await popup.title()).not.toMatch(/pwned/);
    expect(await frame?.evaluate(() => document.title)).toBe("");
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    expect(await page.locator("script", { hasText: "pwned" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
