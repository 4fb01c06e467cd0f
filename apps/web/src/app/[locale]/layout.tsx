import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { earlyInstallOfferScript } from "@/features/pwa/early-offer";
import { themeColors } from "@/features/pwa/theme-colors";
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
  return {
    title: t("title"),
    description: t("description"),
    manifest: "/manifest.webmanifest",
    icons: { icon: "/icon.svg", apple: "/icons/icon-192.png" },
    appleWebApp: { capable: true, title: t("title") },
  };
}

// The system's theme until the reader picks one; then AppSupport sets their theme's colour.
export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: themeColors.light },
    { media: "(prefers-color-scheme: dark)", color: themeColors.dark },
  ],
};

export default async function RootLayout({ params, children }: LocaleParams & { children: ReactNode }) {
  const locale = await localeOf(params);
  return (
    // next-themes (in every page's PageMessages) sets data-theme on <html> before hydration, hence the suppressed warning.
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* The browser may offer installation before the menu's code has loaded: keep the offer. */}
        <script dangerouslySetInnerHTML={{ __html: earlyInstallOfferScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
