import { defineRouting } from "next-intl/routing";
import { defaultLocale, localeCookie, locales } from "./locales";

/**
 * URLs carry no locale (`/dashboard` in every language): the middleware picks the locale from the
 * cookie, else `Accept-Language`, else English, and rewrites to the prerendered `/<locale>/…` page.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "never",
  localeCookie: { ...localeCookie, sameSite: "lax" },
  // Alternate links only make sense when each language has its own URL.
  alternateLinks: false,
});
