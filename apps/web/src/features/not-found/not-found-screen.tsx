"use client";

import { useEffect, useSyncExternalStore } from "react";
import { defaultLocale, isLocale, localeCookie, type Locale } from "@/i18n/locales";
import en from "../../../messages/en/notFound.json";
import zhCN from "../../../messages/zh-CN/notFound.json";

const texts: Record<Locale, typeof en> = { en, "zh-CN": zhCN };

/** The language the middleware would pick: the chosen one (cookie), else the browser's, else English. */
function readerLocale(): Locale {
  const chosen = new RegExp(`(?:^|; )${localeCookie.name}=([^;]*)`).exec(document.cookie)?.[1];
  if (chosen && isLocale(decodeURIComponent(chosen))) return decodeURIComponent(chosen) as Locale;
  return navigator.languages.some((language) => language.toLowerCase().startsWith("zh")) ? "zh-CN" : defaultLocale;
}

const noChange = () => () => undefined;

export function NotFoundScreen() {
  const locale = useSyncExternalStore(noChange, readerLocale, () => defaultLocale);
  const t = texts[locale];
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t.title;
  }, [locale, t.title]);
  return (
    <main className="landing">
      <div className="landing-card">
        <h1>{t.title}</h1>
        <p className="lead">{t.body}</p>
        <p className="actions">
          <a className="button primary" href="/dashboard">{t.dashboard}</a>
          <a className="button" href="/">{t.home}</a>
        </p>
      </div>
    </main>
  );
}
