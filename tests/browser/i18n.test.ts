import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("languages", () => {
  it("follows Accept-Language, words errors and dates in Chinese, and remembers a switch to English", async () => {
    const user = { email: "lang@example.com", password: "lang password 1" };
    npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);

    // The browser asks for Chinese (Accept-Language: zh-CN).
    const context = await browser.newContext({ locale: "zh-CN" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/login`);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
    await page.getByRole("heading", { name: "登录" }).waitFor();

    // Field rules and contract error codes are worded by the UI, not echoed from the English API.
    await page.getByLabel("电子邮件").fill("not-an-email");
    await page.getByLabel("密码").fill("x");
    await page.getByRole("button", { name: "登录" }).click();
    await page.getByText("请输入有效的电子邮件地址").waitFor();
    await page.getByLabel("电子邮件").fill(user.email);
    await page.getByLabel("密码").fill("wrong password");
    await page.getByRole("button", { name: "登录" }).click();
    await page.getByText("电子邮件地址或密码不正确").waitFor();

    await page.getByLabel("密码").fill(user.password);
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`${webOrigin}/dashboard`);
    await page.getByRole("heading", { name: "概览", level: 1 }).waitFor();
    await page.goto(`${webOrigin}/account`);
    const memberSince = page.locator("dt", { hasText: "注册时间" }).locator("xpath=following-sibling::dd");
    expect(await memberSince.textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);

    // Switching reloads the page in English and keeps it so, whatever the browser asks for.
    await page.getByLabel("语言").selectOption("en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    expect(await page.locator("dt", { hasText: "Member since" }).locator("xpath=following-sibling::dd").textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect((await context.cookies(webOrigin)).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
    const again = await context.newPage();
    await again.goto(`${webOrigin}/dashboard`);
    expect(await again.locator("html").getAttribute("lang")).toBe("en");
    await again.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    // And back: the switch works from the sign-in page too.
    await again.getByRole("button", { name: "Sign out" }).click();
    await again.waitForURL(/\/login$/);
    await again.getByLabel("Language").selectOption("zh-CN");
    await again.getByRole("heading", { name: "登录" }).waitFor();
    expect(await again.locator("html").getAttribute("lang")).toBe("zh-CN");
    expect(errors).toEqual([]);
    await context.close();
  });
});
