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

function themeOf(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("data-theme");
}

function backgroundOf(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const darkBackground = "rgb(15, 18, 24)";
const lightBackground = "rgb(246, 247, 249)";

describe("theme", () => {
  it("follows the system until the reader chooses, and keeps the choice across reloads and pages, before any script of the app runs", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/login`);
    const theme = page.getByLabel("Theme");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    expect(await theme.inputValue()).toBe("system");
    expect(await backgroundOf(page)).toBe(lightBackground);

    // System follows the system's setting as it changes.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await backgroundOf(page)).toBe(darkBackground);
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");

    // An explicit choice wins over the system's, by keyboard as well as by mouse.
    await theme.focus();
    await theme.selectOption("dark");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await backgroundOf(page)).toBe(darkBackground);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");

    await page.reload();
    expect(await themeOf(page)).toBe("dark");
    await expect.poll(() => page.getByLabel("Theme").inputValue()).toBe("dark");
    await page.getByRole("link", { name: "Register with an invite code" }).click();
    await page.waitForURL(/\/register/);
    expect(await themeOf(page)).toBe("dark");
    expect(await backgroundOf(page)).toBe(darkBackground);

    // No flash: with the app's JavaScript withheld, the page still arrives dark (the inline script set it).
    const bare = await context.newPage();
    await bare.route(/\/_next\/static\/.*\.js/, (route) => route.abort());
    await bare.goto(`${webOrigin}/dashboard`, { waitUntil: "domcontentloaded" });
    expect(await themeOf(bare)).toBe("dark");
    expect(await backgroundOf(bare)).toBe(darkBackground);
    await bare.close();

    // Back to System: the system's light setting applies again.
    await page.getByLabel("Theme").selectOption("system");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await page.reload();
    expect(await themeOf(page)).toBe("light");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("frames mail with a border, sizes the frame to the mail up to a cap, and remembers the dark-background option", async () => {
    const user = { email: "theme-reader@example.com", password: "theme reader password 1" };
    createAdmin(user);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "frames");
    const longHtml = Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${String(i)} of a long newsletter.</p>`).join("");
    expect(npmRun("mail", ["--to", address, "--from", "short@shop.example", "--subject", "Short note", "--text", "Hi.", "--html", "<p>Just one line.</p>"])).toContain("delivered");
    expect(npmRun("mail", ["--to", address, "--from", "long@shop.example", "--subject", "Long newsletter", "--text", "Long.", "--html", longHtml])).toContain("delivered");

    const frameHeight = async () => (await page.locator('iframe[title="Message content"]').boundingBox())?.height ?? 0;

    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("link", { name: "Short note" }).click({ timeout: 20_000 });
    const frame = page.frameLocator('iframe[title="Message content"]');
    await frame.getByText("Just one line.").waitFor();
    await expect.poll(frameHeight, { timeout: 10_000 }).toBeGreaterThan(20);
    // One line of text and the body's margins: no blank area below it.
    expect(await frameHeight()).toBeLessThan(100);
    const border = await page.getByTestId("mail-frame-border").evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: style.borderTopWidth, style: style.borderTopStyle, color: style.borderTopColor, page: getComputedStyle(document.body).backgroundColor };
    });
    expect(border).toMatchObject({ width: "1px", style: "solid" });
    expect(border.color).not.toBe(border.page);

    // The frame follows the mail when its content grows (here: as an image arriving would make it).
    await frame.locator("body").evaluate((body) => {
      const block = body.ownerDocument.createElement("div");
      block.style.height = "300px";
      body.append(block);
    });
    await expect.poll(frameHeight, { timeout: 10_000 }).toBeGreaterThan(300);

    // Dark background: a filter on the frame element, never a style inside the mail; remembered.
    const filterOf = () => page.locator('iframe[title="Message content"]').evaluate((el) => getComputedStyle(el).filter);
    expect(await filterOf()).toBe("none");
    await page.getByLabel("Dark background").check();
    expect(await filterOf()).toContain("invert(1)");
    expect(await frame.locator("style").count()).toBe(0);

    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("link", { name: "Long newsletter" }).click();
    await frame.getByText("Paragraph 199 of a long newsletter.").waitFor({ state: "attached" });
    expect(await page.getByLabel("Dark background").isChecked()).toBe(true);
    expect(await filterOf()).toContain("invert(1)");
    // Long mails stop at 80% of the window and scroll inside the frame.
    await expect.poll(frameHeight, { timeout: 10_000 }).toBeGreaterThan(600);
    expect(Math.round(await frameHeight())).toBe(640);
    expect(await frame.locator("html").evaluate((html) => html.scrollHeight > html.clientHeight)).toBe(true);

    await page.reload();
    await page.getByLabel("Dark background").uncheck();
    expect(await filterOf()).toBe("none");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
