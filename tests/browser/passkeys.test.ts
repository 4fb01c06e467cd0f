import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { webOrigin } from "./support/origins.ts";
import { createAdmin, submitSignIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// WebAuthn needs a domain: browsers refuse an IP address as the relying party, so this test
// reaches the same dev server by name.
const origin = webOrigin.replace("127.0.0.1", "localhost");

describe("passkeys", () => {
  it("are added on the Account screen and sign in from the sign-in page, with Chromium's virtual authenticator", async () => {
    const user = { email: "passkey-person@example.com", password: "passkey person password 1" };
    createAdmin(user);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // A platform authenticator that holds discoverable credentials and verifies its user.
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await page.goto(`${origin}/login?next=%2Faccount`);
    await submitSignIn(page, user, () => page.waitForURL(`${origin}/account`, { timeout: 90_000 }));
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Passkeys" }) });
    await section.getByText("No passkeys yet.").waitFor();
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByText("Passkey added. You can sign in with it from now on.").waitFor();
    const row = section.getByTestId("passkey");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Chrom\w* on Linux.*last used never/);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Signed out, the passkey alone signs in: no e-mail typed.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${origin}/dashboard`);
    await page.goto(`${origin}/account`);
    await expect.poll(() => row.textContent()).not.toMatch(/last used never/);

    // The only passkey of an account that also has a password may go.
    await row.getByRole("button", { name: /Remove the passkey/ }).click();
    await section.getByText("No passkeys yet.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
