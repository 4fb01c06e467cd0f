import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { repoRoot } from "./support/dev-stack.ts";
import { webOrigin } from "./support/origins.ts";
import { submitSignIn } from "./support/session.ts";

const outDir = path.join(repoRoot, "docs/screenshots");
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

/** A viewport shot (not the full page, to keep the files small), once the page has settled. */
async function shoot(page: Page, name: string): Promise<void> {
  // `next dev` shows its own indicator in a corner; it is no part of the app.
  await page.addStyleTag({ content: "nextjs-portal { display: none !important; }" });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
}

it("takes the README's screenshots of the main screens", async () => {
  mkdirSync(outDir, { recursive: true });
  const admin = { email: "ada@example.com", password: "screenshots password 1" };
  npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: desktop, locale: "en-US", colorScheme: "light" });
  // Pages compile on their first visit under `next dev`; a docs tool can afford to wait.
  context.setDefaultTimeout(90_000);
  const page = await context.newPage();

  await page.goto(`${webOrigin}/login`);
  await page.getByLabel("E-mail").waitFor();
  await shoot(page, "login");
  await submitSignIn(page, admin, () => page.waitForURL(`${webOrigin}/dashboard`, { timeout: 90_000 }));

  await page.getByLabel("Name (optional)").fill("signup");
  await page.getByRole("button", { name: "Create mailbox" }).click();
  const address = "signup@mail.localhost";
  await page.getByTestId("mailbox-address").getByText(address).waitFor();
  const mails = [
    ["Weekly digest", "news@digest.example", "Five things worth reading this week."],
    ["Confirm your e-mail address", "hello@shop.example", "Welcome! Confirm your address: https://shop.example/confirm?token=4f9a2c"],
    ["Your sign-in code", "no-reply@service.example", "Hi! Your verification code is 731904. It expires in 10 minutes."],
  ] as const;
  for (const [subject, from, text] of mails) {
    expect(npmRun("mail", ["--to", address, "--from", from, "--subject", subject, "--text", text])).toContain("delivered");
  }
  await page.getByRole("link", { name: "Your sign-in code" }).first().waitFor({ timeout: 20_000 });
  await shoot(page, "dashboard");

  await page.goto(`${webOrigin}/inbox`);
  await page.getByRole("link", { name: "Weekly digest" }).waitFor();
  await page.getByRole("checkbox", { name: "Select “Weekly digest”" }).check();
  await page.keyboard.press("j");
  await shoot(page, "inbox");

  await page.getByRole("link", { name: "Your sign-in code" }).click();
  await page.getByTestId("recognized-code").waitFor();
  // Opening marks the message read; shoot once that has settled.
  await page.getByRole("button", { name: "Mark unread" }).waitFor();
  await shoot(page, "message");

  await page.goto(`${webOrigin}/compose`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await shoot(page, "compose");

  await page.goto(`${webOrigin}/admin/settings`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await shoot(page, "admin-settings");

  await page.setViewportSize(phone);
  await page.goto(`${webOrigin}/inbox`);
  await page.getByRole("link", { name: "Your sign-in code" }).waitFor();
  await shoot(page, "inbox-phone");

  await browser.close();
});
