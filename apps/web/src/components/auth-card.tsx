"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Preferences } from "./preferences";

// Plain links on the signed-out screens: they are prerendered pages, and next/link's client
// navigation would add about 3 KiB to each one's first load.
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const t = useTranslations("common");
  return (
    <main className="auth">
      <div className="card stack">
        <div>
          <a href="/" className="muted">
            {t("appName")}
          </a>
          <h1>{title}</h1>
        </div>
        {children}
        <p className="muted">{footer}</p>
        <Preferences />
      </div>
    </main>
  );
}
