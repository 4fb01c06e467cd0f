import { hasLocale } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { IntlClientProvider } from "./client-provider";
import { baseNamespaces, loadMessages, pickNamespaces, type Namespace } from "./messages";
import { routing } from "./routing";

/** What Next.js passes to every page and layout under `app/[locale]`. */
export interface LocaleParams {
  params: Promise<{ locale: string }>;
}

/** The locale of a `[locale]` route; unknown ones are a 404 (they are never prerendered). */
export async function localeOf(params: LocaleParams["params"]) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  // Lets server components call getTranslations() without reading headers (pages stay static).
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- its successor (next/root-params) needs Next.js 16; Pages pins 15.5
  setRequestLocale(locale);
  return locale;
}

/**
 * Wraps a page's client components with the messages they use: the shared namespaces plus the
 * page's own, so the browser receives only those (in the page's HTML, not its JavaScript).
 */
export async function PageMessages({ params, namespaces, children }: LocaleParams & { namespaces: readonly Namespace[]; children: ReactNode }) {
  const locale = await localeOf(params);
  const messages = pickNamespaces(await loadMessages(locale), [...baseNamespaces, ...namespaces]);
  return (
    <IntlClientProvider locale={locale} messages={messages}>
      {children}
    </IntlClientProvider>
  );
}
