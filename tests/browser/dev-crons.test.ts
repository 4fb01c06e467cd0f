// `npm run dev` fires the worker's crons on wrangler.toml's schedule, as the platform does (wrangler
// dev does not): a failed webhook delivery is retried by itself, with nobody pressing anything.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

describe("crons under npm run dev", () => {
  it("retry a failed webhook delivery on their own within the schedule's next minutes", async () => {
    const user = { email: "cron-user@example.com", password: "cron user password" };
    createAdmin(user);
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "cronbox");

    // The receiver does not know the secret yet, so the first attempt is refused (401).
    const key = crypto.randomUUID();
    await page.goto(`${webOrigin}/settings/webhooks`);
    await page.getByLabel("Name").fill("Retried receiver");
    await page.getByLabel("URL").fill(`${inject("browserFakes").receiver ?? ""}/verified?key=${key}`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    await page.getByRole("button", { name: "Done" }).click();
    expect(npmRun("mail", ["--to", address, "--from", "shop@example.com", "--subject", "Retry me", "--text", "Hello."])).toContain("delivered");

    const endpoint = page.getByTestId("webhook-endpoint");
    await endpoint.getByRole("button", { name: "Delivery log" }).click();
    const log = endpoint.getByRole("region", { name: "Delivery log of Retried receiver" });
    await log.getByTestId("webhook-delivery").first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => log.getByTestId("webhook-delivery-outcome").first().textContent(), { timeout: 20_000 }).toBe("401");

    // Now it would verify; the retry comes from the every-minute cron (first retry after a minute).
    const res = await fetch(`${inject("browserFakes").receiver ?? ""}/secrets`, { method: "POST", body: JSON.stringify({ key, secret }) });
    expect(res.ok).toBe(true);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId("webhook-endpoint").getByRole("button", { name: "Delivery log" }).click();
          return page.getByRole("region", { name: "Delivery log of Retried receiver" }).getByTestId("webhook-delivery").first().textContent();
        },
        { timeout: 170_000, interval: 10_000 },
      )
      .toMatch(/Succeeded|200/);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
