"use client";

import { useTranslations } from "next-intl";
import { LocaleSwitcher } from "./locale-switcher";
import { ThemeSwitcher } from "./theme-switcher";

/** The reader's display choices, in the same place on every screen. */
export function Preferences() {
  const t = useTranslations("common");
  return (
    <div className="preferences" role="group" aria-label={t("preferences")}>
      <LocaleSwitcher />
      <ThemeSwitcher />
    </div>
  );
}
