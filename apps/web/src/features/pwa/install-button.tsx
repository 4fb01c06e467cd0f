"use client";

import { useTranslations } from "next-intl";
import { useInstallOffer } from "./install-prompt";

/** "Install app" in the menu, only while the browser offers installation. */
export function InstallButton() {
  const t = useTranslations("shell");
  const offer = useInstallOffer();
  if (!offer.available) return null;
  return (
    <button className="button small" type="button" onClick={() => void offer.install()}>
      {t("install")}
    </button>
  );
}
