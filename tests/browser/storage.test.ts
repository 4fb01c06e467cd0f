// Admin → Storage (issue 22): the database against its cap with the projection, the object store,
// messages by age, 14 days of growth as a chart and a table, in English and Chinese at 390 px; and
// the banner every admin page shows once the database passes 80% of its cap.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { d1Execute, npmRun, runMinuteCron } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { createAdmin, signIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dayMs = 86_400_000;

describe("the Storage screen", () => {
  it("shows usage, projection, ages and growth, and the banner past 80% of the cap, in both languages at 390 px", async () => {
    const admin = { email: "storage-admin@example.com", password: "storage screen password 1" };
    createAdmin(admin);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, admin, "/admin/storage");

    // A mailbox with a message, and five days of history in which the database grew 200 KB a day.
    await page.goto(`${webOrigin}/dashboard`);
    await page.getByLabel("Name (optional)").fill("storagebox");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    await page.getByTestId("mailbox-address").getByText("storagebox@mail.localhost").waitFor();
    npmRun("mail", ["--to", "storagebox@mail.localhost", "--from", "shop@example.com", "--subject", "Your code", "--text", "Your code is 512390"]);
    const today = Math.floor(Date.now() / dayMs);
    const history = [5, 4, 3, 2, 1].map((ago) => `(${String(today - ago)}, ${String(200_000 + (5 - ago) * 200_000)})`).join(", ");
    d1Execute(`INSERT INTO storage_days (day, d1_bytes) VALUES ${history} ON CONFLICT (day) DO UPDATE SET d1_bytes = excluded.d1_bytes`);
    await runMinuteCron();

    await page.goto(`${webOrigin}/admin/storage`);
    await page.getByRole("heading", { name: "Storage", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Database (D1)" }).waitFor();
    await expect.poll(() => page.locator("main").textContent()).toMatch(/of 500 MB/);
    await page.getByText(/At the current rate the database is full around/).waitFor();
    expect(await page.locator("meter").count()).toBe(1);
    expect(await page.locator("svg.growth-chart rect.bar").count()).toBe(14);
    // The growth table: newest day first, with today's arrivals.
    const growth = page.getByRole("table").filter({ hasText: "Database size" });
    expect(await growth.locator("tbody tr").count()).toBe(14);
    expect(Number(await growth.locator("tbody tr").first().locator("td").nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await page.getByText(/Original messages, message bodies and attachment files/).waitFor();
    await page.getByText("No delivery was deferred in the last 24 hours.").waitFor();
    const ages = page.getByRole("table").filter({ hasText: "Under a day" });
    expect(await ages.locator("tbody tr").count()).toBe(5);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // No banner yet; then the cap goes down to 1 MB and the database up past 800 KB.
    expect(await page.locator(".storage-banner").count()).toBe(0);
    await page.goto(`${webOrigin}/admin/settings`);
    const cap = page.getByLabel("Database cap (MB)");
    await expect.poll(() => cap.inputValue()).toBe("500");
    // A mailbox cap of 0 is allowed, but not without a word of what it does.
    const mailboxCap = page.getByLabel("Mailboxes per user");
    const before = await mailboxCap.inputValue();
    await mailboxCap.fill("0");
    await page.getByText("0: nobody can create a mailbox (existing ones keep working).").waitFor();
    await mailboxCap.fill(before);
    await cap.fill("1");
    await page.getByRole("button", { name: "Save defaults" }).click();
    await page.getByText("Defaults saved.").waitFor();
    d1Execute("CREATE TABLE IF NOT EXISTS e2e_padding (b BLOB); INSERT INTO e2e_padding VALUES (randomblob(900000));");
    await runMinuteCron();
    await page.goto(`${webOrigin}/admin/users`);
    const banner = page.locator(".storage-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/The database is at \d+(\.\d)?% of its cap\./);
    await banner.getByRole("link", { name: "See storage" }).click();
    await page.waitForURL(`${webOrigin}/admin/storage`);
    await expect.poll(() => page.locator("main").textContent()).toMatch(/of 1 MB/);

    // The same screen in Chinese.
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: webOrigin }]);
    await page.goto(`${webOrigin}/admin/storage`);
    await page.getByRole("heading", { name: "存储", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "数据库（D1）" }).waitFor();
    await page.getByText(/数据库已用到上限的/).waitFor();
    await page.getByText("最近 14 天").waitFor();
    expect(await page.locator("svg.growth-chart rect.bar").count()).toBe(14);

    // Back to the default cap, so the rest of the suite sees no banner.
    d1Execute("DROP TABLE e2e_padding;");
    await context.clearCookies({ name: "NEXT_LOCALE" });
    await page.goto(`${webOrigin}/admin/settings`);
    await cap.fill("500");
    await page.getByRole("button", { name: "Save defaults" }).click();
    await page.getByText("Defaults saved.").waitFor();
    await runMinuteCron();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
