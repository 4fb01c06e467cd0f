"use client";

import { useId } from "react";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

const switches = [
  ["mailboxCreation", "Create mailboxes"],
  ["messenger", "Messenger notifications"],
  ["outbound", "Send mail"],
  ["aiFallback", "AI recognition"],
] as const;

const quotas = [
  ["outboundDailyQuota", "Daily outbound quota"],
  ["apiDailyQuota", "Daily API-call quota"],
] as const;

/** An administrator's per-user feature switches and quota overrides (empty: the business default). */
export function UserSwitches({ userId }: { userId: string }) {
  const id = useId();
  const utils = trpc.useUtils();
  const features = trpc.admin.features.get.useQuery({ userId });
  const save = trpc.admin.features.set.useMutation({
    onSuccess: (data) => {
      utils.admin.features.get.setData({ userId }, data);
    },
  });
  if (features.isPending) return <p className="muted" role="status">Loading…</p>;
  if (features.isError) return <p className="alert error" role="alert">{errorMessage(features.error)}</p>;
  const f = features.data;
  return (
    <div className="row" aria-label="Feature switches">
      {switches.map(([key, label]) => (
        <label key={key} className="row">
          <input type="checkbox" checked={f[key]} disabled={save.isPending} onChange={(e) => { save.mutate({ userId, [key]: e.target.checked }); }} /> {label}
        </label>
      ))}
      {quotas.map(([key, label]) => (
        <span key={key} className="row">
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <input
            id={`${id}-${key}`}
            type="number"
            min={0}
            placeholder="default"
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
      {save.error && <span className="field-error" role="alert">{errorMessage(save.error)}</span>}
    </div>
  );
}
