import { locales, type Locale } from "./locales.ts";

// Apart from the list, so pages that only switch languages do not carry it.

// Chinese script decides between the two Chinese catalogs; the region only when no script is given.
const traditionalChinese = /^zh-(hant|tw|hk|mo)\b/;

/** The closest of our languages to a BCP 47 tag (Telegram's `language_code`, a browser's language), or null. */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase().replace(/_/g, "-");
  if (!lower) return null;
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split("-")[0];
  if (primary === "zh") return traditionalChinese.test(lower) ? "zh-TW" : "zh-CN";
  if (primary === "pt") return "pt-BR";
  return locales.find((l) => l === primary) ?? null;
}
