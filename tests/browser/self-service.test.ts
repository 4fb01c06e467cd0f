import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { webOrigin } from "./support/origins.ts";
import { clickWithinLimit, createAdmin, signIn, submitSignIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A fresh administrator from the CLI (each test its own, so tests do not share sessions). */
function newAdmin(name: string) {
  const user = { email: `${name}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: `${name} password 1` };
  createAdmin(user);
  return user;
}

/** A separate browser (own cookies) signed in as `user`, on `path`. */
async function signedIn(user: { email: string; password: string }, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, user, path);
  return { context, page, errors };
}

describe("self-service in the browser", () => {
  it("domain editor: shows every bad line in plain words and saves nothing; no stale 'saved' beside a bad retention", async () => {
    const admin = newAdmin("domains");
    const { context, page, errors } = await signedIn(admin, "/admin/settings");
    const box = page.getByLabel("Domains, one per line");
    await box.waitFor();
    const original = await box.inputValue();
    await box.fill(["mail.localhost", "bad..dots.com", "http://x.example.com/", "-x-.example.com", "not a domain", "localhost"].join("\n"));
    await page.getByRole("button", { name: "Save domains" }).click();
    const problems = page.getByTestId("domain-problems");
    await problems.waitFor();
    expect(await problems.locator("li").allTextContents()).toEqual([
      "Line 2 (bad..dots.com): Dots cannot come first, last or twice in a row",
      "Line 3 (http://x.example.com/): Leave out http:// — enter only the domain name",
      "Line 4 (-x-.example.com): A part between dots cannot start or end with a hyphen",
      "Line 5 (not a domain): Put one domain on each line, without spaces",
      "Line 6 (localhost): localhost cannot receive mail from the internet; enter a real domain",
    ]);
    await page.getByText("Fix the lines above; nothing was saved.").waitFor();
    expect(await page.getByText("Domains saved.").count()).toBe(0);
    await page.reload();
    await box.waitFor();
    expect(await box.inputValue()).toBe(original);

    // A good value saves; a bad retention afterwards shows its own words and no "saved" anywhere.
    await page.getByRole("button", { name: "Save domains" }).click();
    await page.getByText("Domains saved.").waitFor();
    await page.getByLabel("Keep mail for (days)").fill("-3");
    await page.getByRole("button", { name: "Save defaults" }).click();
    await page.getByText("Enter a number of at least 1").waitFor();
    expect(await page.getByText("Domains saved.").count()).toBe(0);
    expect(await page.getByText("Defaults saved.").count()).toBe(0);
    expect(await page.getByText("Too small").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sessions: lists both browsers, revokes the other one, and a password change signs the other browser out", async () => {
    const user = newAdmin("sessions");
    const here = await signedIn(user, "/account");
    const there = await signedIn(user, "/dashboard");
    await here.page.reload();
    const sessions = here.page.getByTestId("session");
    await expect.poll(() => sessions.count()).toBe(2);
    await here.page.getByText("This device").waitFor();
    await here.page.getByRole("button", { name: /^Sign out the session on / }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    await there.page.goto(`${webOrigin}/inbox`);
    await there.page.waitForURL(/\/login\?next=%2Finbox$/);

    // Signed in again over there; now the password changes over here.
    await submitSignIn(there.page, user, () => there.page.waitForURL(`${webOrigin}/inbox`));
    const newPassword = "a different password 2";
    await here.page.getByLabel("Current password").fill("not the password");
    await here.page.getByLabel("New password", { exact: true }).fill(newPassword);
    await here.page.getByLabel("New password again").fill(newPassword);
    const change = here.page.getByRole("button", { name: "Change password" });
    await clickWithinLimit(here.page, change, () => here.page.getByText("The current password is not correct").waitFor());
    await here.page.getByLabel("Current password").fill(user.password);
    await clickWithinLimit(here.page, change, () => here.page.getByText("Password changed. Every other session has been signed out.").waitFor());
    await there.page.goto(`${webOrigin}/sent`);
    await there.page.waitForURL(/\/login\?next=%2Fsent$/);
    await submitSignIn(there.page, user, () => there.page.getByText("The e-mail address or password is incorrect").waitFor());
    await submitSignIn(there.page, { email: user.email, password: newPassword }, () => there.page.waitForURL(`${webOrigin}/sent`));
    // The session this browser kept throughout still works.
    await here.page.goto(`${webOrigin}/dashboard`);
    await here.page.waitForURL(`${webOrigin}/dashboard`);
    expect(here.errors).toEqual([]);
    await here.context.close();
    await there.context.close();
  });

  it("mailbox expiry: creates a mailbox for 1 hour, shows the time left, and extends it", async () => {
    const user = newAdmin("expiry");
    const { context, page, errors } = await signedIn(user, "/dashboard");
    await page.getByText("No mailboxes yet.").waitFor();
    await page.getByLabel("Keep for").selectOption({ label: "1 hour" });
    await page.getByRole("button", { name: "Create mailbox" }).click();
    const row = page.getByTestId("mailbox").first();
    const expiry = row.getByTestId("mailbox-expiry");
    await expect.poll(() => expiry.textContent()).toBe("Expires in 1 hour");
    const address = (await row.getByTestId("mailbox-address").textContent()) ?? "";
    await page.getByLabel(`Extend ${address} by`).selectOption({ label: "1 more day" });
    await row.getByRole("button", { name: "Extend" }).click();
    await expect.poll(() => expiry.textContent()).toBe("Expires in 25 hours");
    await page.getByLabel(`Extend ${address} by`).selectOption({ label: "keep until deleted" });
    await row.getByRole("button", { name: "Extend" }).click();
    await expect.poll(() => expiry.textContent()).toBe("Kept until deleted");
    await page.getByLabel("Keep for").selectOption({ label: "Until deleted" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("account deletion: needs the typed e-mail address, then deletes the account and signs out", async () => {
    newAdmin("other-admin");
    const user = newAdmin("leaving");
    const { context, page, errors } = await signedIn(user, "/dashboard");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    await page.getByTestId("mailbox-address").first().waitFor();
    await page.goto(`${webOrigin}/account`);
    const confirm = page.getByLabel(`Type ${user.email} to confirm`);
    await confirm.fill("yes please");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Type your e-mail address exactly as shown").waitFor();
    await confirm.fill(user.email);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(/\/login$/);
    await submitSignIn(page, user, () => page.getByText("The e-mail address or password is incorrect").waitFor());
    expect(errors).toEqual([]);
    await context.close();
  });
});
