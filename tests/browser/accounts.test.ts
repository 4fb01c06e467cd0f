import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { submitSignIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("accounts in the browser", () => {
  it("admin from the CLI invites a user, who registers, signs out and signs back in", async () => {
    const admin = { email: "admin@example.com", password: "admin password 1" };
    expect(npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`)).toContain("Created administrator");

    const adminPage = await browser.newPage();
    const adminErrors = watchPageErrors(adminPage);
    await adminPage.goto(`${webOrigin}/admin/invites`);
    await adminPage.waitForURL(/\/login\?next=%2Fadmin%2Finvites$/);
    await submitSignIn(adminPage, admin, () => adminPage.waitForURL(`${webOrigin}/admin/invites`));
    // The list has loaded (empty or not: other browser tests may have created invites).
    await adminPage.locator("table.list, p.card.empty").first().waitFor();
    await adminPage.getByRole("button", { name: "Create codes" }).click();
    const code = (await adminPage.getByTestId("invite-code").first().textContent()) ?? "";
    expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/);
    expect(adminErrors).toEqual([]);

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/register?invite=${encodeURIComponent(code)}`);
    await page.getByLabel("Invite code").waitFor();
    expect(await page.getByLabel("Invite code").inputValue()).toBe(code);
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter a valid e-mail address").waitFor();
    await page.getByText("Use at least 8 characters").waitFor();

    await page.getByLabel("E-mail").fill("new.user@example.com");
    await page.getByLabel("Password").fill("new user password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${webOrigin}/dashboard`);
    await page.getByText("Signed in as new.user@example.com").waitFor();
    expect(await page.getByRole("link", { name: "Invites" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${webOrigin}/dashboard`);
    await page.waitForURL(/\/login\?next=%2Fdashboard$/);
    await submitSignIn(page, { email: "new.user@example.com", password: "wrong password" }, () => page.getByText("The e-mail address or password is incorrect").waitFor());
    await submitSignIn(page, { email: "new.user@example.com", password: "new user password" }, () => page.waitForURL(`${webOrigin}/dashboard`));
    expect(errors).toEqual([]);

    await adminPage.reload();
    await adminPage.getByText("new.user@example.com").waitFor();
    await context.close();
    await adminPage.close();
  });
});
