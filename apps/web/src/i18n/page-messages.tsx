import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { AppSupportLater } from "@/features/pwa/app-support-later";
import { IntlClientProvider } from "./client-provider";
import { localeOf, type LocaleParams } from "./locale-params";
import { baseNamespaces, loadMessages, pickNamespaces, type Namespace } from "./messages";

export type { LocaleParams };

/**
 * Wraps a page's client components with the messages they use: the shared namespaces plus the
 * page's own, so the browser receives only those (in the page's HTML, not its JavaScript). It
 * also holds the theme: next-themes sets `data-theme` on <html> from an inline script before the
 * first paint. Here rather than in the root layout, the two client providers load in one chunk
 * with the page instead of once with the layout and once more with the page. (Nested in the
 * signed-in layout, the inner ones pass through.)
 */
export async function PageMessages({ params, namespaces, children }: LocaleParams & { namespaces: readonly Namespace[]; children: ReactNode }) {
  const locale = await localeOf(params);
  const messages = pickNamespaces(await loadMessages(locale), [...baseNamespaces, ...namespaces]);
  return (
    <ThemeProvider attribute="data-theme" storageKey="mailroom-theme" enableColorScheme={false} disableTransitionOnChange>
      <IntlClientProvider locale={locale} messages={messages}>
        <AppSupportLater />
        {children}
      </IntlClientProvider>
    </ThemeProvider>
  );
}
