"use client";

import { useTheme } from "next-themes";
import { useTranslations } from "next-intl";
import { useId, useSyncExternalStore } from "react";

const choices = ["system", "light", "dark"] as const;
type Choice = (typeof choices)[number];

function isChoice(value: string): value is Choice {
  return (choices as readonly string[]).includes(value);
}

const noSubscription = () => () => undefined;

/**
 * System, light or dark. next-themes keeps the choice in localStorage and sets `data-theme` on
 * <html> from an inline script before the first paint, so a reload never flashes the other theme.
 */
export function ThemeSwitcher() {
  const t = useTranslations("common");
  const { theme, setTheme } = useTheme();
  const id = useId();
  // The stored choice is unknown while prerendering: show "system" until hydrated, so the server
  // and the first client render agree.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const value = hydrated && theme !== undefined && isChoice(theme) ? theme : "system";
  return (
    <span className="theme-switcher">
      <label htmlFor={id}>{t("theme")}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isChoice(event.target.value)) setTheme(event.target.value);
        }}
      >
        <option value="system">{t("themeSystem")}</option>
        <option value="light">{t("themeLight")}</option>
        <option value="dark">{t("themeDark")}</option>
      </select>
    </span>
  );
}
