"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { Preferences } from "./preferences";

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const t = useTranslations("common");
  return (
    <main className="auth">
      <div className="card stack">
        <div>
          <Link href="/" className="muted">
            {t("appName")}
          </Link>
          <h1>{title}</h1>
        </div>
        {children}
        <p className="muted">{footer}</p>
        <Preferences />
      </div>
    </main>
  );
}
