import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { localeOf, type LocaleParams } from "@/i18n/locale-params";
import { routing } from "@/i18n/routing";
import "../globals.css";

// Every page is prerendered once per locale; the middleware picks which one a request gets.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeOf(params), namespace: "meta" });
  return { title: t("title"), description: t("description") };
}

export default async function RootLayout({ params, children }: LocaleParams & { children: ReactNode }) {
  const locale = await localeOf(params);
  return (
    // next-themes (in every page's PageMessages) sets data-theme on <html> before hydration, hence the suppressed warning.
    <html lang={locale} suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
