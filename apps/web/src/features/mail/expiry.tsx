"use client";

import { mailboxLifetimes } from "@mailroom/api/shared";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

const minute = 60_000;
const hour = 60 * minute;

/** A lifetime in hours, worded in days when it is whole days ("7 days", not "168 hours"). */
function useLifetimeText() {
  const t = useTranslations("mail.expiry");
  return {
    lifetime: (hours: number) => (hours % 24 === 0 ? t("days", { count: hours / 24 }) : t("hours", { count: hours })),
    more: (hours: number) => (hours % 24 === 0 ? t("moreDays", { count: hours / 24 }) : t("moreHours", { count: hours })),
  };
}

/** The lifetime choice when a mailbox is created: hours as the `<select>` value, "" for none. */
export function LifetimeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const t = useTranslations("mail.expiry");
  const text = useLifetimeText();
  return (
    <div className="field">
      <label htmlFor="mailbox-lifetime">{t("lifetime")}</label>
      <select id="mailbox-lifetime" value={value} onChange={(e) => { onChange(e.target.value); }} aria-invalid={error ? true : undefined}>
        {mailboxLifetimes.map((hours) => (
          <option key={hours} value={String(hours)}>{text.lifetime(hours)}</option>
        ))}
        <option value="">{t("forever")}</option>
      </select>
      {error && <span className="field-error" role="alert">{error}</span>}
    </div>
  );
}

/** The unit that reads naturally for what is left: minutes under an hour, hours under two days. */
function unitFor(ms: number): "minute" | "hour" | "day" {
  if (ms < hour - minute / 2) return "minute";
  if (ms < 47.5 * hour) return "hour";
  return "day";
}

/** Time left of a mailbox, with a control to keep it longer. */
export function MailboxExpiry({ id, address, expiresAt }: { id: string; address: string; expiresAt: Date | null }) {
  const t = useTranslations("mail.expiry");
  const text = useLifetimeText();
  const format = useFormatter();
  const now = useNow({ updateInterval: minute });
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [choice, setChoice] = useState(String(mailboxLifetimes[1]));
  const extend = trpc.mailboxes.extend.useMutation({ onSuccess: () => utils.mailboxes.list.invalidate() });
  if (!expiresAt) return <span className="muted" data-testid="mailbox-expiry">{t("keptUntilDeleted")}</span>;
  // Until the retention job removes it, an expired mailbox still reads "in 1 minute", never "ago".
  const target = Math.max(expiresAt.getTime(), now.getTime() + minute);
  const when = format.relativeTime(target, { now, unit: unitFor(target - now.getTime()) });
  return (
    <span className="row">
      <time className="badge" dateTime={expiresAt.toISOString()} title={format.dateTime(expiresAt, { dateStyle: "medium", timeStyle: "short" })} data-testid="mailbox-expiry">
        {t("expires", { when })}
      </time>
      <select aria-label={t("extendBy", { address })} value={choice} onChange={(e) => { setChoice(e.target.value); }}>
        {mailboxLifetimes.map((hours) => (
          <option key={hours} value={String(hours)}>{text.more(hours)}</option>
        ))}
        <option value="">{t("keepForever")}</option>
      </select>
      <button type="button" className="button small" disabled={extend.isPending} onClick={() => { extend.mutate({ id, expiresInHours: choice === "" ? null : Number(choice) }); }}>
        {t("extend")}
      </button>
      {extend.error && <span className="field-error" role="alert">{errorText.message(extend.error)}</span>}
    </span>
  );
}
