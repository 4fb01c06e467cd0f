"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { trpc } from "@/lib/trpc";

/**
 * The administration pages' content, for administrators only. Others are told so instead of
 * being shown forms the server would refuse (it refuses them anyway).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const t = useTranslations("shell");
  const session = trpc.auth.session.useQuery();
  // The shell shows the loading state and sends signed-out visitors to sign in.
  if (!session.data) return null;
  if (session.data.role === "admin") return children;
  return (
    <div className="stack">
      <PageHeader title={t("adminOnlyTitle")} />
      <p className="card empty" role="alert">
        {t("adminOnly")} <Link href="/dashboard">{t("dashboard")}</Link>
      </p>
    </div>
  );
}
