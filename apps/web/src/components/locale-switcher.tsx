"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { isLocale, localeCookie, localeNames, locales } from "@/i18n/locales";

/**
 * Remembers the choice in the locale cookie (which the middleware reads before Accept-Language)
 * and reloads, so the page comes back prerendered in the new language with the right `lang`.
 */
export function LocaleSwitcher() {
  const t = useTranslations("common");
  const locale = useLocale();
  const id = useId();
  return (
    <span className="locale-switcher">
      <label htmlFor={id}>{t("language")}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          document.cookie = `${localeCookie.name}=${chosen}; path=/; max-age=${localeCookie.maxAge}; samesite=lax`;
          window.location.reload();
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
