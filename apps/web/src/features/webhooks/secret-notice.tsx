"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";

/** A signing secret, shown once after create or rotate. */
export function SecretNotice({ secret, rotated, onDismiss }: { secret: string; rotated: boolean; onDismiss: () => void }) {
  const t = useTranslations("webhooks");
  return (
    <div className="alert ok stack" role="status" aria-label={t("secret.label")}>
      <p>{rotated ? t("secret.rotated") : t("secret.created")}</p>
      <p className="row">
        <code className="token" data-testid="webhook-secret">{secret}</code>
        <CopyButton value={secret} label={t("secret.copy")} />
        <button className="button small" type="button" onClick={onDismiss}>
          {t("secret.dismiss")}
        </button>
      </p>
    </div>
  );
}
