"use client";

import { useEffect, useSyncExternalStore } from "react";
import { matchLocale } from "@mailroom/api/match-locale";
import { defaultLocale, isLocale, localeCookie, type Locale } from "@/i18n/locales";
import de from "../../../messages/de/notFound.json";
import en from "../../../messages/en/notFound.json";
import es from "../../../messages/es/notFound.json";
import fr from "../../../messages/fr/notFound.json";
import ja from "../../../messages/ja/notFound.json";
import ko from "../../../messages/ko/notFound.json";
import ptBR from "../../../messages/pt-BR/notFound.json";
import ru from "../../../messages/ru/notFound.json";
import zhCN from "../../../messages/zh-CN/notFound.json";
import zhTW from "../../../messages/zh-TW/notFound.json";

// Four short texts per language: the one static page carries them all and picks in the browser.
const texts: Record<Locale, typeof en> = { en, "zh-CN": zhCN, "zh-TW": zhTW, ja, ko, es, fr, de, "pt-BR": ptBR, ru };

/** The language the middleware would pick: the chosen one (cookie), else the browser's, else English. */
function readerLocale(): Locale {
  const chosen = new RegExp(`(?:^|; )${localeCookie.name}=([^;]*)`).exec(document.cookie)?.[1];
  if (chosen && isLocale(decodeURIComponent(chosen))) return decodeURIComponent(chosen) as Locale;
  for (const language of navigator.languages) {
    const match = matchLocale(language);
    if (match) return match;
  }
  return defaultLocale;
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
