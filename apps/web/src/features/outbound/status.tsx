"use client";

import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@mailroom/api";
import { trpc } from "@/lib/trpc";
import { useTranslations } from "next-intl";

type OutboundStatus = inferRouterOutputs<AppRouter>["outbound"]["status"];

/** Whether the user may send, and today's usage; refreshed after each send. */
export function useOutboundStatus() {
  return trpc.outbound.status.useQuery();
}

/** "3 of 20 sent today", or the one line that says why sending is unavailable. */
export function OutboundUsage({ status }: { status: OutboundStatus }) {
  const t = useTranslations("outbound.status");
  if (status.reason === "not_configured") return <p className="muted" role="status">{t("notConfigured")}</p>;
  if (status.reason === "switched_off") return <p className="muted" role="status">{t("switchedOff")}</p>;
  const reached = status.sentToday >= status.quota;
  return (
    <p className={reached ? "alert error" : "muted"} data-testid="outbound-usage">
      {reached ? t("quotaReached", { quota: status.quota }) : t("usage", { sent: status.sentToday, quota: status.quota })}
    </p>
  );
}
