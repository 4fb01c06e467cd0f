"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";

const switches = ["mailboxCreation", "messenger", "outbound", "aiFallback"] as const;

const quotas = ["outboundDailyQuota", "apiDailyQuota"] as const;

/** An administrator's per-user feature switches and quota overrides (empty: the business default). */
export function UserSwitches({ userId }: { userId: string }) {
  const t = useTranslations("admin.switches");
  const admin = useTranslations("admin");
  const id = useId();
  const utils = trpc.useUtils();
  const features = trpc.admin.features.get.useQuery({ userId });
  const save = trpc.admin.features.set.useMutation({
    onSuccess: (data) => {
      utils.admin.features.get.setData({ userId }, data);
    },
  });
  if (features.isPending) return <p className="muted" role="status">{admin("loading")}</p>;
  if (features.isError) return <ErrorAlert error={features.error} />;
  const f = features.data;
  return (
    <div className="row" aria-label={t("label")}>
      {switches.map((key) => (
        <label key={key} className="row">
          <input type="checkbox" checked={f[key]} disabled={save.isPending} onChange={(e) => { save.mutate({ userId, [key]: e.target.checked }); }} /> {t(key)}
        </label>
      ))}
      {quotas.map((key) => (
        <span key={key} className="row">
          <label htmlFor={`${id}-${key}`}>{t(key === "outboundDailyQuota" ? "quota" : "apiQuota")}</label>
          <input
            id={`${id}-${key}`}
            type="number"
            min={0}
            placeholder={t("quotaPlaceholder")}
            defaultValue={f[key] ?? ""}
            style={{ width: "7rem" }}
            onBlur={(e) => {
              const value = e.target.value.trim();
              const next = value === "" ? null : Number(value);
              if (next !== f[key]) save.mutate({ userId, [key]: next });
            }}
          />
        </span>
      ))}
      <ErrorAlert error={save.error} />
    </div>
  );
}
