import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "./messages";
import { routing } from "./routing";

// next-intl's per-request configuration, for server components that call getTranslations().
// eslint-disable-next-line @typescript-eslint/no-deprecated -- its successor (next/root-params) needs Next.js 16; Pages pins 15.5
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
