"use client";

import { useTranslations } from "next-intl";
import { oauthStartPath } from "@/lib/api-base";
import { useApiQuery } from "@/lib/api-call";

/**
 * "Continue with …" for every enabled provider. Plain links, not fetches: the browser itself goes
 * to the provider and back, on the front-end domain.
 */
export function OAuthButtons({ next, intro }: { next: string; intro?: string }) {
  const t = useTranslations("auth");
  const providers = useApiQuery("auth.oauth.providers");
  const enabled = providers.status === "success" ? providers.data.filter((p) => p.enabled) : [];
  if (enabled.length === 0) return null;
  return (
    <div className="stack" role="group" aria-label={t("quickLogin")}>
      <p className="divider">{intro ?? t("or")}</p>
      {enabled.map((provider) => (
        <a key={provider.id} className="button" href={oauthStartPath(provider.id, next)}>
          {t("continueWith", { provider: provider.label })}
        </a>
      ))}
    </div>
  );
}
