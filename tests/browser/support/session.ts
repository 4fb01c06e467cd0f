import type { Locator, Page } from "playwright-core";
import { npmRun } from "./cli.ts";
import { webOrigin } from "./origins.ts";

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** An administrator made with the operator CLI, the password typed on stdin as an operator would. */
export function createAdmin(user: Credentials): string {
  return npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);
}

/** The sign-in form's words in one language. */
export interface SignInWords {
  email: string;
  password: string;
  submit: string;
  tooMany: string;
}

const englishSignIn: SignInWords = { email: "E-mail", password: "Password", submit: "Sign in", tooMany: "Too many attempts. Wait a minute, then try again." };
export const chineseSignIn: SignInWords = { email: "电子邮件", password: "密码", submit: "登录", tooMany: "尝试次数过多，请稍等一分钟后再试。" };

/**
 * Clicks `button` on `page` and waits for `outcome` (a page reached, a message shown). The whole
 * suite signs in from one address, 127.0.0.1, and the product lets one address sign in or change a
 * password 10 times a minute (wrangler.toml's RATE_LIMITER): when the page says `tooMany`, this
 * waits for the next minute and clicks again, once.
 */
export async function clickWithinLimit(page: Page, button: Locator, outcome: () => Promise<unknown>, tooMany = englishSignIn.tooMany): Promise<void> {
  const limited = page.getByText(tooMany);
  for (let attempt = 0; ; attempt++) {
    await button.click();
    const done = outcome().then(() => "done" as const);
    const refused = limited.waitFor({ timeout: 100_000 }).then(() => "limited" as const);
    // The one that loses the race settles later, or fails when the page closes: neither matters.
    done.catch(() => undefined);
    refused.catch(() => undefined);
    if ((await Promise.race([done, refused])) === "done") return;
    if (attempt > 0) throw new Error(`still "${tooMany}" a minute later`);
    await page.waitForTimeout(61_000);
  }
}

/** Fills in the sign-in form on `page`, submits it within the limit and waits for `outcome`. */
export async function submitSignIn(page: Page, user: Credentials, outcome: () => Promise<unknown>, words = englishSignIn): Promise<void> {
  await page.getByLabel(words.email).fill(user.email);
  await page.getByLabel(words.password).fill(user.password);
  await clickWithinLimit(page, page.getByRole("button", { name: words.submit, exact: true }), outcome, words.tooMany);
}

/** Signs in through the login form with `next` set, and waits to land on `path`. */
export async function signIn(page: Page, user: Credentials, path = "/dashboard"): Promise<void> {
  await page.goto(`${webOrigin}/login?next=${encodeURIComponent(path)}`);
  // The first visit after sign-in may wait for `next dev` to compile the page.
  await submitSignIn(page, user, () => page.waitForURL(`${webOrigin}${path}`, { timeout: 90_000 }));
}

/** Creates a mailbox on the dashboard and returns its address once the page shows it. */
export async function createMailbox(page: Page, name: string): Promise<string> {
  const address = `${name}@mail.localhost`;
  await page.getByLabel("Name (optional)").fill(name);
  await page.getByRole("button", { name: "Create mailbox" }).click();
  await page.getByTestId("mailbox-address").getByText(address).waitFor();
  return address;
}
