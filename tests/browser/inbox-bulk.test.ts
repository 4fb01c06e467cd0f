import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { createAdmin, createMailbox, signIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function mail(to: string, subject: string, text: string) {
  expect(npmRun("mail", ["--to", to, "--from", "team@service.example", "--subject", subject, "--text", text])).toContain("delivered");
}

const row = (page: Page, subject: string) => page.locator("tbody tr", { hasText: subject });
const currentRow = (page: Page) => page.locator("tbody tr[data-current]");

describe("the inbox: bulk actions and keys", () => {
  it("walks the messages with j/k, opens one with Enter, copies a code with c, and ignores keys while typing", async () => {
    const user = { email: "keys-reader@example.com", password: "keys reader password" };
    createAdmin(user);
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: webOrigin });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "keys");
    mail(address, "Alpha notice", "Nothing to do here.");
    mail(address, "Bravo notice", "Nothing to do here either.");
    mail(address, "Charlie code", "Your verification code is 550123. It expires in 10 minutes.");

    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("link", { name: "Charlie code" }).waitFor({ timeout: 20_000 });
    await page.getByRole("link", { name: "Alpha notice" }).waitFor({ timeout: 20_000 });
    await page.getByText("Keys: j / k next / previous, Enter open, c copy the code or link, x select.").waitFor();
    expect(await currentRow(page).count()).toBe(0);

    // Newest first: Charlie, Bravo, Alpha.
    await page.keyboard.press("j");
    await currentRow(page).filter({ hasText: "Charlie code" }).waitFor();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await currentRow(page).filter({ hasText: "Alpha notice" }).waitFor();
    await page.keyboard.press("j");
    await currentRow(page).filter({ hasText: "Alpha notice" }).waitFor();
    await page.keyboard.press("k");
    await page.keyboard.press("k");
    await currentRow(page).filter({ hasText: "Charlie code" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Charlie code");

    await page.keyboard.press("c");
    await row(page, "Charlie code").getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("550123");
    // With a modifier the key is the browser's (or the user's), not the inbox's.
    await page.keyboard.press("Control+j");
    await currentRow(page).filter({ hasText: "Charlie code" }).waitFor();

    // Typing in the search box moves nothing: "k" from Bravo would go to Charlie.
    await page.keyboard.press("j");
    await currentRow(page).filter({ hasText: "Bravo notice" }).waitFor();
    // A message with nothing recognized says so instead of copying nothing in silence.
    await page.keyboard.press("c");
    await row(page, "Bravo notice").getByText("No code or link to copy").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("550123");
    await page.getByLabel("Search").focus();
    await page.keyboard.type("kx");
    expect(await page.getByLabel("Search").inputValue()).toBe("kx");
    await page.getByLabel("Search").fill("");
    await currentRow(page).filter({ hasText: "Bravo notice" }).waitFor();
    expect(await page.locator("tbody input[type=checkbox]:checked").count()).toBe(0);

    // Back in the list, Enter opens the current message.
    await page.keyboard.press("Escape");
    await page.locator("h1").click();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/message\?id=/);
    await page.getByRole("heading", { name: "Bravo notice" }).waitFor();

    // `c` copies a recognized link as well.
    mail(address, "Delta link", "Confirm your e-mail address: https://service.example/verify?token=k2j4h5g6");
    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("link", { name: "Delta link" }).waitFor({ timeout: 20_000 });
    await page.keyboard.press("j");
    await currentRow(page).filter({ hasText: "Delta link" }).waitFor();
    await page.keyboard.press("c");
    await row(page, "Delta link").getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://service.example/verify?token=k2j4h5g6");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("marks two of three read and unread, deletes them, and selects all at 390 px", async () => {
    const user = { email: "bulk-reader@example.com", password: "bulk reader password" };
    createAdmin(user);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "bulk");
    for (const subject of ["First bulk", "Second bulk", "Third bulk"]) mail(address, subject, `Text of ${subject}.`);
    await page.goto(`${webOrigin}/inbox`);
    for (const subject of ["First bulk", "Second bulk", "Third bulk"]) await page.getByRole("link", { name: subject }).waitFor({ timeout: 20_000 });

    await page.getByRole("checkbox", { name: "Select “First bulk”" }).check();
    await page.getByRole("checkbox", { name: "Select “Second bulk”" }).check();
    await page.getByText("2 selected").waitFor();
    expect(await page.getByRole("checkbox", { name: "Select all" }).evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await page.getByRole("button", { name: "Mark read" }).click();
    await page.locator("tbody tr[data-read=true]").nth(1).waitFor();
    expect(await row(page, "First bulk").getAttribute("data-read")).toBe("true");
    expect(await row(page, "Second bulk").getAttribute("data-read")).toBe("true");
    expect(await row(page, "Third bulk").getAttribute("data-read")).toBe("false");
    // The action clears the selection.
    expect(await page.locator("tbody input[type=checkbox]:checked").count()).toBe(0);

    await page.getByRole("checkbox", { name: "Select “First bulk”" }).check();
    await page.getByRole("button", { name: "Mark unread" }).click();
    await page.locator("tbody tr[data-read=true]").nth(1).waitFor({ state: "detached" });
    expect(await row(page, "First bulk").getAttribute("data-read")).toBe("false");

    await page.getByRole("checkbox", { name: "Select “First bulk”" }).check();
    await page.getByRole("checkbox", { name: "Select “Second bulk”" }).check();
    const dialog = new Promise<string>((resolve) => {
      page.once("dialog", (d) => {
        resolve(d.message());
        void d.accept();
      });
    });
    await page.getByRole("button", { name: "Delete" }).click();
    expect(await dialog).toBe("Delete 2 messages? This cannot be undone.");
    await page.getByRole("link", { name: "First bulk" }).waitFor({ state: "detached" });
    expect(await page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "Third bulk" }).waitFor();

    // Select all, on a phone: the rows are cards and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    mail(address, "Fourth bulk", "More text.");
    await page.getByRole("link", { name: "Fourth bulk" }).waitFor({ timeout: 20_000 });
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByText("2 selected").waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.getByRole("button", { name: "Mark read" }).click();
    await page.locator("tbody tr[data-read=true]").nth(1).waitFor();
    await page.getByRole("checkbox", { name: "Select all" }).check();
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No mail yet.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
