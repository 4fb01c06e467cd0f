// Plain constants, free of imports, so client components (the language switcher) can use them
// without pulling the routing or middleware code into the browser bundle.
export const locales = ["en", "zh-CN"] as const;
export type Locale = (typeof locales)[number];

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}
export const defaultLocale: Locale = "en";

/** Where a chosen language is remembered; the middleware reads it before `Accept-Language`. */
export const localeCookie = { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365 } as const;

/** Each language's name in itself, as the switcher shows it. */
export const localeNames: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };
