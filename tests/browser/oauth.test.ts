import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codehostEmail, forumEmail } from "../worker/support/oauth-scenarios.ts";
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

describe("OAuth quick login in the browser", () => {
  it("signs an existing user in with GitHub and lands on next, with the identity on the account page", async () => {
    const email = codehostEmail("7001", "primary");
    npmRun("admin", ["create-admin", "--email", email], "existing user pw 1\n");
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/login?next=%2Faccount`);
    const button = page.getByRole("link", { name: "Continue with GitHub" });
    await button.waitFor();
    expect(await button.getAttribute("href")).toBe("/api/auth/oauth/codehost/start?next=%2Faccount");
    await button.click();
    await page.waitForURL(`${webOrigin}/account`);
    await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
    await page.getByText(email).first().waitFor();
    const identity = page.getByTestId("identity");
    await identity.waitFor();
    expect(await identity.textContent()).toContain("GitHub");
    expect(await identity.textContent()).toContain("octo-7001");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not finish, in another browser, a login started in the attacker's (login CSRF)", async () => {
    // The attacker's browser starts a GitHub login and stops at the provider's way back.
    const attacker = await browser.newContext();
    const started = await attacker.request.get(`${webOrigin}/api/auth/oauth/codehost/start`, { maxRedirects: 0 });
    expect(started.headers()["set-cookie"]).toContain("oauth_binding=");
    const back = await attacker.request.get(started.headers().location ?? "", { maxRedirects: 0 });
    const callbackUrl = back.headers().location ?? "";
    expect(callbackUrl).toContain("/api/auth/oauth/codehost/callback?");
    await attacker.close();

    // The victim's browser is lured to that callback: it lacks the binding cookie.
    const victim = await browser.newContext();
    const page = await victim.newPage();
    await page.goto(callbackUrl);
    await page.waitForURL(`${webOrigin}/login?oauth_error=state_invalid`);
    await page.getByText("OAuth state is invalid").waitFor();
    expect((await victim.cookies()).map((c) => c.name)).not.toContain("app_session");
    await victim.close();
  });

  it("asks a new forum user for an invite code, refuses a wrong one, then signs them in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/register`);
    await page.getByRole("link", { name: "Continue with Forum" }).click();
    await page.waitForURL(/\/login\?oauth=invite&provider=forum&ticket=/);
    await page.getByTestId("oauth-invite-who").waitFor();
    expect(await page.getByTestId("oauth-invite-who").textContent()).toContain(forumEmail("7002"));

    await page.getByLabel("Invite code").fill("ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("This invite code is not valid").waitFor();

    const code = npmRun("admin", ["create-invite"]).split("\n").at(-1) ?? "";
    expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/);
    await page.getByLabel("Invite code").fill(code);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${webOrigin}/dashboard`);
    await page.getByText(`Signed in as ${forumEmail("7002")}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("explains a failed quick login and an invalid ticket", async () => {
    const page = await browser.newPage();
    await page.goto(`${webOrigin}/login?oauth_error=state_invalid`);
    await page.getByText("OAuth state is invalid").waitFor();
    await page.goto(`${webOrigin}/login?oauth_error=email_unavailable`);
    await page.getByText("no verified e-mail address").waitFor();
    await page.goto(`${webOrigin}/login?oauth=invite&provider=forum&ticket=no-such-ticket`);
    await page.getByText("OAuth ticket is invalid").waitFor();
    await page.getByRole("link", { name: "Continue with Forum" }).waitFor();
    await page.close();
  });
});
