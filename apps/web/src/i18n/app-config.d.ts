import type en from "../../messages/en";
import type { Locale } from "./locales";

// Typed keys: every `t("…")` is checked against the English messages.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
