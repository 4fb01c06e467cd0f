"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { Preferences } from "@/components/preferences";
import { trpc } from "@/lib/trpc";

export function Landing() {
  const t = useTranslations("home");
  const common = useTranslations("common");
  const info = trpc.system.info.useQuery();
  const appName = info.data?.appName ?? common("appName");
  return (
    <main className="landing">
      <section className="landing-card">
        <h1>{appName}</h1>
        <p className="lead">{t("lead")}</p>
        <div className="actions">
          <Link className="button primary" href="/login">
            {t("signIn")}
          </Link>
          <Link className="button" href="/register">
            {t("register")}
          </Link>
        </div>
        <p className="status" role="status" aria-live="polite">
          {info.isPending && t("checking")}
          {info.isError && t("offline")}
          {info.data && t("online", { environment: info.data.environment })}
        </p>
        <Preferences />
      </section>
    </main>
  );
}
