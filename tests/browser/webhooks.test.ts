import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

/** Tells the fake receiver which secret its `/verified?key=` route checks signatures with. */
async function receiverSecret(key: string, secret: string) {
  const res = await fetch(`${inject("browserFakes").receiver ?? ""}/secrets`, { method: "POST", body: JSON.stringify({ key, secret }) });
  expect(res.ok).toBe(true);
}

describe("webhooks in the browser", () => {
  it("a user adds an endpoint on a local receiver, sends a test, sees it in the log; a failing receiver shows its status code and text", async () => {
    const user = { email: "hooks-user@example.com", password: "hooks user password" };
    npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/settings/webhooks`);
    await page.waitForURL(/\/login\?next=/);
    await submitSignIn(page, user, () => page.waitForURL(`${webOrigin}/settings/webhooks`));
    await page.getByText("No endpoints yet").waitFor();

    const key = crypto.randomUUID();
    await page.getByLabel("Name").fill("My receiver");
    await page.getByLabel("URL").fill(`${inject("browserFakes").receiver ?? ""}/verified?key=${key}`);
    await page.getByLabel(/Code or link found/).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await receiverSecret(key, secret);
    await page.getByRole("button", { name: "Done" }).click();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);

    const endpoint = page.getByTestId("webhook-endpoint");
    expect(await endpoint.getByTestId("webhook-status").textContent()).toBe("Enabled");
    await endpoint.getByText("Message received, Code or link found").waitFor();
    await endpoint.getByRole("button", { name: "Send test" }).click();
    const result = endpoint.getByTestId("webhook-test-result");
    await result.getByText("Succeeded").waitFor();
    expect(await result.textContent()).toContain("200");

    await endpoint.getByRole("button", { name: "Delivery log" }).click();
    const log = endpoint.getByRole("region", { name: "Delivery log of My receiver" });
    await log.getByTestId("webhook-delivery").first().waitFor();
    expect(await log.getByTestId("webhook-delivery").count()).toBe(1);
    expect(await log.getByTestId("webhook-delivery").first().textContent()).toContain("webhook.test");

    // Rotating makes the receiver's copy stale: it refuses the next request (401 and its reason).
    page.once("dialog", (dialog) => void dialog.accept());
    await endpoint.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await endpoint.getByRole("button", { name: "Send test" }).click();
    await result.getByText("Failed").waitFor();
    expect(await result.textContent()).toContain("401");

    await log.getByLabel("Status").selectOption("failed");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="webhook-delivery"]').length === 1);
    const failed = log.getByTestId("webhook-delivery").first();
    expect(await failed.getByTestId("webhook-delivery-outcome").textContent()).toBe("401");
    await failed.getByText("Details").click();
    expect(await failed.getByTestId("webhook-response-code").textContent()).toBe("401");
    expect(await failed.getByTestId("webhook-response-text").textContent()).toContain("not verified");
    expect(await failed.textContent()).toContain("webhook-signature: v1,");

    // With the new secret the receiver verifies again; redelivering the failed event succeeds.
    await receiverSecret(key, rotated);
    await failed.getByRole("button", { name: "Redeliver" }).click();
    await log.getByLabel("Status").selectOption("succeeded");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="webhook-delivery"]').length === 2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
