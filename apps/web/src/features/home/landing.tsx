"use client";

import { useTranslations } from "next-intl";
import { Preferences } from "@/components/preferences";
import { useApiQuery } from "@/lib/api-call";

// Plain links, as on the sign-in screens (components/auth-card.tsx): no client router code on first load.
export function Landing() {
  const t = useTranslations("home");
  const common = useTranslations("common");
  const info = useApiQuery("system.info");
  const appName = info.status === "success" ? info.data.appName : common("appName");
  return (
    <main className="landing">
      <section className="landing-card">
        <h1>{appName}</h1>
        <p className="lead">{t("lead")}</p>
        <div className="actions">
          <a className="button primary" href="/login">
            {t("signIn")}
          </a>
          <a className="button" href="/register">
            {t("register")}
          </a>
        </div>
        <p className="status" role="status" aria-live="polite">
          {info.status === "pending" && t("checking")}
          {info.status === "error" && t("offline")}
          {info.status === "success" && t("online", { environment: info.data.environment })}
        </p>
        <Preferences />
      </section>
    </main>
  );
}
