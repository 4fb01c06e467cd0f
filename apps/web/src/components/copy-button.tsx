"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button small"
      onClick={() => {
        void navigator.clipboard.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => {
            setCopied(false);
          }, 1500);
        });
      }}
    >
      {copied ? t("copied") : (label ?? t("copy"))}
      <span className="sr-only"> {value}</span>
    </button>
  );
}
