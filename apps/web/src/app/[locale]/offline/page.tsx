import { getTranslations } from "next-intl/server";
import { localeOf } from "@/i18n/locale-params";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

/**
 * What the service worker shows when a page cannot be loaded for want of network (public/sw.js
 * keeps it with its styles). Server-rendered text and a plain form, so it works without scripts:
 * "Try again" reloads the address the reader asked for.
 */
export default async function OfflinePage({ params }: LocaleParams) {
  const t = await getTranslations({ locale: await localeOf(params), namespace: "offline" });
  return (
    <PageMessages params={params} namespaces={[]}>
      <main className="auth">
        <div className="card stack">
          <h1>{t("title")}</h1>
          <p>{t("body")}</p>
          <form method="get">
            <button className="button primary" type="submit">
              {t("retry")}
            </button>
          </form>
        </div>
      </main>
    </PageMessages>
  );
}
