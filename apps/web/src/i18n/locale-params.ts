import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { isLocale } from "./locales";

// Server-only and free of client components (`next-intl` itself would bring its client provider),
// so the root layout that needs the locale does not put the pages' client providers into its
// own chunk: the browser would load them twice, once with the layout and once with the page.

/** What Next.js passes to every page and layout under `app/[locale]`. */
export interface LocaleParams {
  params: Promise<{ locale: string }>;
}

/** The locale of a `[locale]` route; unknown ones are a 404 (they are never prerendered). */
export async function localeOf(params: LocaleParams["params"]) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  // Lets server components call getTranslations() without reading headers (pages stay static).
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- its successor (next/root-params) needs Next.js 16; Pages pins 15.5
  setRequestLocale(locale);
  return locale;
}
