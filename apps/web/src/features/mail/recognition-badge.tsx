"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";

interface Recognition {
  kind: "code" | "link" | "none";
  value: string | null;
  source: "rules" | "ai" | null;
}

/** The extracted code or link, prominent and one click from the clipboard. */
export function RecognitionCard({ recognition }: { recognition: Recognition }) {
  const t = useTranslations("mail.recognition");
  if (recognition.kind === "none" || !recognition.value) return null;
  return (
    <div className="alert ok row" style={{ justifyContent: "space-between" }} role="group" aria-label={t("extracted")}>
      <span>
        {recognition.kind === "code" ? t("code") : t("link")}
        {recognition.source === "ai" && <span className="badge"> {t("byAi")}</span>}
        <br />
        {recognition.kind === "code" ? (
          <strong data-testid="recognized-code" className="recognized-code">
            {recognition.value}
          </strong>
        ) : (
          <a href={recognition.value} target="_blank" rel="noopener noreferrer nofollow" data-testid="recognized-link" style={{ wordBreak: "break-all" }}>
            {recognition.value}
          </a>
        )}
      </span>
      <CopyButton value={recognition.value} label={recognition.kind === "code" ? t("copyCode") : t("copyLink")} />
    </div>
  );
}

/** A compact marker for lists. */
export function RecognitionChip({ recognition }: { recognition: Recognition }) {
  const t = useTranslations("mail.list");
  if (recognition.kind === "none" || !recognition.value) return null;
  return <code className="token">{recognition.kind === "code" ? recognition.value : t("link")}</code>;
}
