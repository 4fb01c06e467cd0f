// The checks of the every-language walk: what a page shows when a translation is missing, left
// in English or too long for a phone.
import type { BrowserContext, Page } from "playwright-core";
import { type Locale, locales } from "../../../packages/api/src/shared/locales.ts";
import { catalog } from "../../support/message-catalog.ts";

const catalogs = new Map(locales.map((locale) => [locale, catalog(locale)]));
const english = catalogs.get("en") ?? new Map<string, string>();
// What next-intl shows for a message it cannot find: its id, "namespace.key.path".
const messageIds = [...english.keys()];

/** Console errors next-intl writes for a missing or broken message, collected per page. */
function watchMessageErrors(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /MISSING_MESSAGE|INVALID_MESSAGE|FORMATTING_ERROR/.test(message.text())) found.push(message.text().slice(0, 200));
  });
  return found;
}

async function chooseLocale(context: BrowserContext, origin: string, locale: Locale): Promise<void> {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: origin }]);
}

interface Seen {
  lang: string | null;
  heading: string;
  problems: string[];
}

/**
 * Visits a page once it has settled (no "Loading…" in its language left) and reports its
 * language, its heading and what is wrong with its words or layout. `withMenu` opens the
 * navigation first, so its words are checked too (they are the same on every page).
 */
async function visit(page: Page, origin: string, path: string, locale: Locale, withMenu: boolean): Promise<Seen> {
  await page.goto(`${origin}${path}`, { waitUntil: "domcontentloaded" });
  await page.locator("main h1").first().waitFor();
  const loading = catalogs.get(locale)?.get("common.loading") ?? "";
  const settled = await page
    .waitForFunction((word) => !Array.from(document.querySelectorAll('main [role="status"]')).some((e) => e.checkVisibility() && e.textContent.includes(word)), loading, { timeout: 20_000 })
    .then(() => true, () => false);
  const menu = page.locator("header.topbar button[aria-controls]");
  if (withMenu && (await menu.isVisible())) await menu.click();
  const seen = await page.evaluate((ids) => {
    const problems: string[] = [];
    const labels = Array.from(document.querySelectorAll("[aria-label],[title],[placeholder]"), (e) => [e.getAttribute("aria-label"), e.getAttribute("title"), e.getAttribute("placeholder")].join(" "));
    const shown = `${document.body.innerText}\n${labels.join("\n")}`;
    for (const id of ids) if (shown.includes(id)) problems.push(`shows the raw message id ${id}`);
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`scrolls sideways: ${String(document.documentElement.scrollWidth)} px`);
    return { lang: document.documentElement.lang, heading: document.querySelector("main h1")?.textContent.trim() ?? "", problems };
  }, messageIds);
  if (!settled) seen.problems.push(`still "${loading}" after 20 s`);
  return seen;
}

/** A heading left in English: the English page's heading is a message, and this language has no message worded so. */
function englishLeft(locale: Locale, heading: string, englishHeading: string | undefined): boolean {
  if (locale === "en" || heading !== englishHeading) return false;
  const values = (l: Locale) => new Set(catalogs.get(l)?.values());
  return values("en").has(heading) && !values(locale).has(heading);
}

/**
 * Visits `paths` in each of the ten languages (the locale cookie set as the switcher does) and
 * returns what is wrong, by "locale path": a missing or raw message, a heading still in English,
 * the wrong `lang`, a page wider than the screen.
 */
export async function walkEveryLanguage(context: BrowserContext, page: Page, origin: string, paths: readonly string[], withMenu: boolean): Promise<Record<string, string[]>> {
  const messageErrors = watchMessageErrors(page);
  const headings = new Map<string, string>();
  const found: Record<string, string[]> = {};
  for (const locale of locales) {
    await chooseLocale(context, origin, locale);
    for (const [index, path] of paths.entries()) {
      const seen = await visit(page, origin, path, locale, withMenu && index === 0);
      const problems = [...seen.problems, ...messageErrors.splice(0)];
      if (seen.lang !== locale) problems.push(`lang is ${String(seen.lang)}`);
      if (locale === "en") headings.set(path, seen.heading);
      else if (englishLeft(locale, seen.heading, headings.get(path))) problems.push(`heading still English: ${seen.heading}`);
      if (problems.length > 0) found[`${locale} ${path}`] = problems;
    }
  }
  return found;
}
