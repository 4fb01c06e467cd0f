import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Headless, with the flags this closed network needs (no background calls home).
const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

/** Debian's chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: flags });
}

/**
 * Debian's chromium with a profile on disk: contexts of `launchBrowser` are incognito, where
 * Chromium never offers to install an app.
 */
export function launchProfile(userDataDir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...options, executablePath: chromiumPath, args: flags });
}

/** Fails the test on any uncaught page error, so a broken page cannot pass silently. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
