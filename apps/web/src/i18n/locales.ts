// Plain constants, free of app imports, so client components (the language switcher) can use them
// without pulling the routing or middleware code into the browser bundle. The list itself is the
// API's, so the bot and the screens speak the same languages.
import type { Locale } from "@mailroom/api/locales";

export { defaultLocale, isLocale, locales, type Locale } from "@mailroom/api/locales";

/** Where a chosen language is remembered; the middleware reads it before `Accept-Language`. */
export const localeCookie = { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365 } as const;

/** Each language's name in itself, as the switcher shows it. */
export const localeNames: Record<Locale, string> = {
  en: "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  ja: "日本語",
  ko: "한국어",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  ru: "Русский",
};
