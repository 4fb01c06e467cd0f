"use client";

import { NextIntlClientProvider, type Messages } from "next-intl";
import { useState, type ReactNode } from "react";
import type { Locale } from "./locales";

/**
 * The client side of a page's translations. Dates are shown in the reader's own time zone, which
 * only the browser knows (pages are prerendered, and every date comes from client-side data).
 */
export function IntlClientProvider({ locale, messages, children }: { locale: Locale; messages: Partial<Messages>; children: ReactNode }) {
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </NextIntlClientProvider>
  );
}
