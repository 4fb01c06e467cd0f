import type { Page } from "playwright-core";
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

/** Signs in through the login form with `next` set, and waits to land on `path`. */
export async function signIn(page: Page, user: Credentials, path = "/dashboard"): Promise<void> {
  await page.goto(`${webOrigin}/login?next=${encodeURIComponent(path)}`);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The first visit after sign-in may wait for `next dev` to compile the page.
  await page.waitForURL(`${webOrigin}${path}`, { timeout: 90_000 });
}

/** Creates a mailbox on the dashboard and returns its address once the page shows it. */
export async function createMailbox(page: Page, name: string): Promise<string> {
  const address = `${name}@mail.localhost`;
  await page.getByLabel("Name (optional)").fill(name);
  await page.getByRole("button", { name: "Create mailbox" }).click();
  await page.getByTestId("mailbox-address").getByText(address).waitFor();
  return address;
}
