import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale } from "./locales";
import { loadMessages } from "./messages";

// next-intl's per-request configuration, for server components that call getTranslations().
// eslint-disable-next-line @typescript-eslint/no-deprecated -- its successor (next/root-params) needs Next.js 16; Pages pins 15.5
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = requested !== undefined && isLocale(requested) ? requested : defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
