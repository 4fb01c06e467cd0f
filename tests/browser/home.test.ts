import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { webOrigin } from "./support/origins.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("home page through the web origin", () => {
  it("renders and reaches the worker through /api", async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Mailroom");
    await page.getByText("Service online · local").waitFor();
    expect(await page.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("serves the health route from the web origin", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${webOrigin}/api/system/health`);
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toEqual({ ok: true, environment: "local", appName: "Mailroom" });
    await page.close();
  });
});
