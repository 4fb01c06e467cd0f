import { defaultLocale, isLocale, type Locale } from "../../../shared/locales.ts";
import { matchLocale } from "../../../shared/match-locale.ts";
import { de } from "./de.ts";
import { en, type BotTextKey, type BotTexts } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { ja } from "./ja.ts";
import { ko } from "./ko.ts";
import { ptBR } from "./pt-BR.ts";
import { ru } from "./ru.ts";
import { zhCN } from "./zh-CN.ts";
import { zhTW } from "./zh-TW.ts";

const catalogs: Record<Locale, BotTexts> = { en, "zh-CN": zhCN, "zh-TW": zhTW, ja, ko, es, fr, de, "pt-BR": ptBR, ru };

/** The bot's words in one language: `t(key, values)`, each `{name}` filled with already-escaped text. */
export type BotT = (key: BotTextKey, values?: Record<string, string | number>) => string;

export function botTexts(locale: Locale): BotT {
  const catalog = catalogs[locale];
  return (key, values = {}) => catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The language to answer a chat in: its user's (the one they read Mailroom in), else the one
 * Telegram says the sender's app uses, else English.
 */
export function chatLocale(userLocale: string | null | undefined, languageCode?: string): Locale {
  if (userLocale && isLocale(userLocale)) return userLocale;
  return (languageCode ? matchLocale(languageCode) : null) ?? defaultLocale;
}

export type { BotTextKey } from "./en.ts";
