"use client";

import { useId } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";

const switches = [
  ["mailboxCreation", "Create mailboxes"],
  ["messenger", "Messenger notifications"],
  ["outbound", "Send mail"],
  ["aiFallback", "AI recognition"],
] as const;

/** An administrator's per-user feature switches and outbound quota override. */
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
  if (features.isError) return <ErrorAlert error={features.error} />;
  const f = features.data;
  return (
    <div className="row" aria-label="Feature switches">
      {switches.map(([key, label]) => (
        <label key={key} className="row">
          <input type="checkbox" checked={f[key]} disabled={save.isPending} onChange={(e) => { save.mutate({ userId, [key]: e.target.checked }); }} /> {label}
        </label>
      ))}
      <label htmlFor={`${id}-quota`}>Daily outbound quota</label>
      <input
        id={`${id}-quota`}
        type="number"
        min={0}
        placeholder="default"
        defaultValue={f.outboundDailyQuota ?? ""}
        style={{ width: "7rem" }}
        onBlur={(e) => {
          const value = e.target.value.trim();
          const next = value === "" ? null : Number(value);
          if (next !== f.outboundDailyQuota) save.mutate({ userId, outboundDailyQuota: next });
        }}
      />
      <ErrorAlert error={save.error} />
    </div>
  );
}
