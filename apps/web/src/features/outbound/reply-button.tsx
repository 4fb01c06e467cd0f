"use client";

import Link from "next/link";
import { useOutboundStatus } from "./status";
import { useTranslations } from "next-intl";

/** "Reply" on a received message, only when the user may send. */
export function ReplyButton({ messageId }: { messageId: string }) {
  const t = useTranslations("outbound");
  const status = useOutboundStatus();
  if (!status.data?.enabled) return null;
  return (
    <Link className="button small primary" href={`/compose?reply=${encodeURIComponent(messageId)}`}>
      {t("reply")}
    </Link>
  );
}
