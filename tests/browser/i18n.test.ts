import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { chineseSignIn, submitSignIn } from "./support/session.ts";

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
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.getByText("请输入有效的电子邮件地址").waitFor();
    await submitSignIn(page, { email: user.email, password: "wrong password" }, () => page.getByText("电子邮件地址或密码不正确").waitFor(), chineseSignIn);
    await submitSignIn(page, user, () => page.waitForURL(`${webOrigin}/dashboard`), chineseSignIn);
    await page.getByRole("heading", { name: "概览", level: 1 }).waitFor();
    await page.goto(`${webOrigin}/account`);
    const memberSince = page.locator("dt", { hasText: "注册时间" }).locator("xpath=following-sibling::dd");
    expect(await memberSince.textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);

    // Switching reloads the page in English and keeps it so, whatever the browser asks for.
    await page.getByLabel("语言").selectOption("en");
    // Polled from the test, not in the page: the reload replaces the document mid-check.
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
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

  it("words the account self-service, mailbox lifetime and domain editor screens in Chinese", async () => {
    const user = { email: `zh-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "zh password 1" };
    npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);
    const context = await browser.newContext({ locale: "zh-CN" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/login?next=%2Fdashboard`);
    await submitSignIn(page, user, () => page.waitForURL(`${webOrigin}/dashboard`), chineseSignIn);

    // Mailbox lifetime: the choice at creation, the time left and the extension, in Chinese.
    const lifetime = page.getByLabel("保留时长");
    await lifetime.waitFor();
    expect(await lifetime.locator("option").allTextContents()).toEqual(["1 小时", "1 天", "7 天", "30 天", "保留至删除"]);
    await lifetime.selectOption({ label: "1 小时" });
    await page.getByRole("button", { name: "创建邮箱" }).click();
    const row = page.getByTestId("mailbox").first();
    const expiry = row.getByTestId("mailbox-expiry");
    await expect.poll(() => expiry.textContent()).toMatch(/^1\s?小时后过期$/);
    const address = (await row.getByTestId("mailbox-address").textContent()) ?? "";
    await page.getByLabel(`延长 ${address} 的保留时间`).selectOption({ label: "再保留 1 天" });
    await row.getByRole("button", { name: "延长" }).click();
    await expect.poll(() => expiry.textContent()).toMatch(/^25\s?小时后过期$/);
    expect(await expiry.getAttribute("title")).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 /);

    // Account self-service: headings, fields, buttons and the form's own errors.
    await page.goto(`${webOrigin}/account`);
    for (const name of ["密码", "登录会话", "删除账户"]) await page.getByRole("heading", { name, level: 2 }).waitFor();
    await page.getByText("当前设备").waitFor();
    expect(await page.getByTestId("session").first().textContent()).toMatch(/登录于 \d{4}年.*最近活动于 \d{4}年/);
    await page.getByLabel("新密码", { exact: true }).fill("new password 22");
    await page.getByLabel("再次输入新密码").fill("something else");
    await page.getByRole("button", { name: "修改密码" }).click();
    await page.getByText("两次输入的新密码不一致").waitFor();
    await page.getByLabel(`输入 ${user.email} 以确认`).fill("不是我的地址");
    await page.getByRole("button", { name: "删除我的账户" }).click();
    await page.getByText("请按所示原样输入你的电子邮件地址").waitFor();

    // Domain editor: each bad line worded by the UI, nothing saved.
    await page.goto(`${webOrigin}/admin/settings`);
    await page.getByRole("heading", { name: "邮件设置", level: 1 }).waitFor();
    const box = page.getByLabel("域名（每行一个）");
    await box.waitFor();
    await box.fill(["mail.localhost", "bad..dots.com", "localhost"].join("\n"));
    await page.getByRole("button", { name: "保存域名" }).click();
    await page.getByTestId("domain-problems").waitFor();
    expect(await page.getByTestId("domain-problems").locator("li").allTextContents()).toEqual([
      "第 2 行（bad..dots.com）：点不能在开头、结尾或连续出现",
      "第 3 行（localhost）：localhost 无法接收来自互联网的邮件，请输入真实的域名",
    ]);
    await page.getByText("请修正上面标出的行；未保存任何内容。").waitFor();
    await page.getByLabel("邮件保留天数").fill("-3");
    await page.getByRole("button", { name: "保存默认值" }).click();
    await page.getByText("请输入不小于 1 的数字").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
