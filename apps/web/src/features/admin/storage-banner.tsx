"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { trpc } from "@/lib/trpc";

/** On every admin page while the database stands past an alert level (80% or 95% of its cap). */
export function StorageBanner() {
  const t = useTranslations("shell");
  const format = useFormatter();
  const alert = trpc.admin.storage.alert.useQuery(undefined, { staleTime: 60_000 });
  if (!alert.data || alert.data.level === 0) return null;
  return (
    <p className={`alert ${alert.data.level >= 95 ? "error" : "warn"} storage-banner`} role="status">
      {t("storageAlert", { percent: format.number(alert.data.percent / 100, { style: "percent", maximumFractionDigits: 1 }) })}{" "}
      <Link href="/admin/storage">{t("storageAlertAction")}</Link>
    </p>
  );
}
