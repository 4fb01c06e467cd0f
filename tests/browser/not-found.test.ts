// An address the app does not have: the app's own page, in the reader's language and theme, with
// a way back, not the framework's stock white English page.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { webOrigin } from "./support/origins.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("the page for an unknown address", () => {
  it("answers 404 in English in the light theme, in Chinese in the dark theme, with links back", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    const response = await page.goto(`${webOrigin}/no-such-page/here`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByRole("link", { name: "Go to the dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 247, 249)");
    await context.close();

    const chinese = await browser.newContext({ colorScheme: "dark" });
    await chinese.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: webOrigin }]);
    const dark = await chinese.newPage();
    await dark.goto(`${webOrigin}/还没有这个页面`);
    await dark.getByRole("heading", { name: "找不到页面", level: 1 }).waitFor();
    await dark.waitForFunction(() => document.documentElement.lang === "zh-CN" && document.documentElement.dataset.theme === "dark");
    expect(await dark.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 18, 24)");
    await dark.getByRole("link", { name: "首页" }).waitFor();
    await chinese.close();
  });
});
