import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
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

const phone = { width: 390, height: 844 };

/** Serious or critical accessibility faults of the page as it stands. */
async function axeProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  if (passes.length === 0) problems.push(`${label}: axe checked nothing`);
  for (const v of violations) {
    if (v.impact === "serious" || v.impact === "critical") problems.push(`${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }
  return problems;
}

/**
 * Tables that do not fit the page, and, where a table's rows are shown as cards (its header row
 * hidden), values with a number in them that stand without their column's name: "0 / 1" or
 * "5 / 1,000" means nothing alone. A row's first cell and the cell with its link name the row and
 * need no label.
 */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of Array.from(document.querySelectorAll("main table"))) {
      const name = table.getAttribute("aria-label") ?? table.querySelector("th")?.textContent ?? "a table";
      if (table.getBoundingClientRect().right > window.innerWidth + 0.5 || table.scrollWidth > table.clientWidth + 0.5) found.push(`${name}: wider than the page`);
      const head = table.querySelector("thead");
      if (!head || getComputedStyle(head).position !== "absolute") continue;
      for (const row of Array.from(table.querySelectorAll("tbody tr"))) {
        const cells = Array.from(row.querySelectorAll("td")).filter((td) => td.getClientRects().length > 0 && !td.classList.contains("select"));
        for (const td of cells.slice(1)) {
          const text = td.textContent.trim();
          if (/\d/.test(text) && !td.dataset.label && !td.querySelector("a")) found.push(`${name}: "${text.slice(0, 40)}" has no label`);
        }
      }
    }
    return found;
  });
}

/**
 * What is wrong with the page: sideways scrolling (the layout is the same in both themes, so
 * checked once), serious or critical accessibility faults in the light and in the dark theme.
 */
async function problemsOf(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) problems.push(`scrolls sideways: ${String(scrollWidth)} px wide in ${String(innerWidth)} px`);
  problems.push(...(await tableProblems(page)));
  problems.push(...(await axeProblems(page, "light")));
  // The theme follows the system's setting (the reader chose none), so this switches it in place.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  problems.push(...(await axeProblems(page, "dark")));
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
  return problems;
}

/** Visits a page, waits until it has settled (no "Loading…" left) and records what is wrong with it. */
async function check(page: Page, path: string, found: Record<string, string[]>): Promise<void> {
  await page.goto(`${webOrigin}${path}`);
  await page.locator("main h1").first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]')?.textContent.includes("Loading"));
  // Signed in, the navigation is checked too, opened from its menu button.
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (await menu.count()) await menu.click();
  const problems = await problemsOf(page);
  if (problems.length > 0) found[path] = problems;
}

describe("every page on a phone", () => {
  it("fits 390 px without scrolling sideways and has no serious accessibility faults in either theme, signed out and signed in as an admin", async () => {
    const admin = { email: "every-page-admin-with-a-long-address@example.com", password: "every page password 1" };
    npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`);
    const context = await browser.newContext({ viewport: phone, colorScheme: "light" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const found: Record<string, string[]> = {};

    for (const path of ["/login", "/register", "/offline"]) await check(page, path, found);

    await page.goto(`${webOrigin}/login?next=%2Fdashboard`);
    await submitSignIn(page, admin, () => page.waitForURL(`${webOrigin}/dashboard`));

    // Content that makes lists wide: a mailbox, a received mail with long words, a sent mail, an invite.
    await page.getByLabel("Name (optional)").fill("everypage");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    await page.getByTestId("mailbox-address").first().waitFor();
    const address = "everypage@mail.localhost";
    const subject = "Your verification code for an-extraordinarily-long-service-name.example";
    npmRun("mail", ["--to", address, "--from", "notifications-with-a-long-name@service.example", "--subject", subject, "--text", "Your verification code is 731904."]);
    await page.goto(`${webOrigin}/inbox`);
    await page.getByRole("link", { name: subject }).click({ timeout: 20_000 });
    await page.waitForURL(/\/message\?id=/);
    const messagePath = new URL(page.url()).pathname + new URL(page.url()).search;

    await page.goto(`${webOrigin}/compose`);
    const to = page.getByLabel("To", { exact: true });
    await to.fill("a-rather-long-recipient-address@example.com");
    await to.press("Enter");
    await page.getByLabel("Subject").fill("A subject that goes on for quite a while, longer than a phone is wide");
    await page.getByLabel("Message").fill("Hello.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(`${webOrigin}/sent`);

    await page.goto(`${webOrigin}/admin/invites`);
    await page.getByRole("button", { name: "Create codes" }).click();
    await page.locator("table").waitFor();

    // Every page the navigation offers an admin, so a new page is covered when it joins the menu.
    await page.goto(`${webOrigin}/dashboard`);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation").locator('a[href="/compose"]').waitFor();
    const navPaths = await page.getByRole("navigation").locator("a").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(navPaths).toEqual(expect.arrayContaining(["/dashboard", "/inbox", "/compose", "/sent", "/settings/messenger", "/settings/webhooks", "/account", "/admin/invites", "/admin/users", "/admin/settings", "/admin/messenger"]));
    for (const path of [...navPaths, messagePath]) await check(page, path, found);

    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
    // Under `next dev` each page compiles on its first visit, and there are a dozen of them.
  }, 600_000);
});

describe("the sidebar on a short screen", () => {
  it("keeps every line of an admin's full menu at its height and scrolls, the e-mail address included", async () => {
    const admin = { email: "short-screen-admin@example.com", password: "short screen password 1" };
    npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 560 } });
    const page = await context.newPage();
    await page.goto(`${webOrigin}/login?next=%2Fdashboard`);
    await submitSignIn(page, admin, () => page.waitForURL(`${webOrigin}/dashboard`));
    const nav = page.getByRole("navigation");
    // Sending is on in this suite, so the menu is at its longest.
    await nav.locator('a[href="/compose"]').waitFor();
    const heights = await nav.locator(":scope > :not(.spacer)").evaluateAll((items) => items.map((item) => [item.getAttribute("class") ?? item.tagName, item.getBoundingClientRect().height] as const));
    expect(heights.filter(([, height]) => height < 8)).toEqual([]);
    await nav.getByText(admin.email).scrollIntoViewIfNeeded();
    await nav.getByText(admin.email).waitFor();
    await context.close();
  });
});
