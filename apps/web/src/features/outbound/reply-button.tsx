"use client";

import Link from "next/link";
import { useOutboundStatus } from "./status";
import { replyText as t } from "./text";

/** "Reply" on a received message, only when the user may send. */
export function ReplyButton({ messageId }: { messageId: string }) {
  const status = useOutboundStatus();
  if (!status.data?.enabled) return null;
  return (
    <Link className="button small primary" href={`/compose?reply=${encodeURIComponent(messageId)}`}>
      {t.reply}
    </Link>
  );
}
