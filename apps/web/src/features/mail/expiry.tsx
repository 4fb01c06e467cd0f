"use client";

import { mailboxLifetimes } from "@mailroom/api/shared";
import { useState } from "react";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

// Every user-visible string of mailbox expiry, together so they move to the message catalogue
// (next-intl) in one step when translations land.
export const expiryText = {
  lifetime: "Keep for",
  lifetimes: { 1: "1 hour", 24: "1 day", 168: "7 days", 720: "30 days" } as Record<(typeof mailboxLifetimes)[number], string>,
  forever: "Until deleted",
  keptUntilDeleted: "Kept until deleted",
  expires: (when: string) => `Expires ${when}`,
  extendBy: (address: string) => `Extend ${address} by`,
  extendOptions: { 1: "1 more hour", 24: "1 more day", 168: "7 more days", 720: "30 more days" } as Record<(typeof mailboxLifetimes)[number], string>,
  keepForever: "keep until deleted",
  extend: "Extend",
} as const;

/** The `<option>` values of a lifetime choice: hours, or "" for none. */
export const lifetimeOptions = mailboxLifetimes.map((hours) => ({ value: String(hours), label: expiryText.lifetimes[hours] }));

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const minute = 60_000;

/** "in 40 minutes", "in 23 hours", "in 6 days": the largest unit that still reads naturally. */
function timeLeft(expiresAt: Date, now: number): string {
  const ms = Math.max(0, expiresAt.getTime() - now);
  const minutes = Math.max(1, Math.round(ms / minute));
  if (minutes < 60) return relative.format(minutes, "minute");
  const hours = Math.round(ms / (60 * minute));
  if (hours < 48) return relative.format(hours, "hour");
  return relative.format(Math.round(ms / (24 * 60 * minute)), "day");
}

/** Time left of a mailbox, with a control to keep it longer. */
export function MailboxExpiry({ id, address, expiresAt }: { id: string; address: string; expiresAt: Date | null }) {
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [choice, setChoice] = useState(String(mailboxLifetimes[1]));
  const extend = trpc.mailboxes.extend.useMutation({ onSuccess: () => utils.mailboxes.list.invalidate() });
  if (!expiresAt) return <span className="muted" data-testid="mailbox-expiry">{expiryText.keptUntilDeleted}</span>;
  return (
    <span className="row">
      <time className="badge" dateTime={expiresAt.toISOString()} title={expiresAt.toLocaleString()} data-testid="mailbox-expiry">
        {expiryText.expires(timeLeft(expiresAt, Date.now()))}
      </time>
      <select aria-label={expiryText.extendBy(address)} value={choice} onChange={(e) => { setChoice(e.target.value); }}>
        {mailboxLifetimes.map((hours) => (
          <option key={hours} value={String(hours)}>{expiryText.extendOptions[hours]}</option>
        ))}
        <option value="">{expiryText.keepForever}</option>
      </select>
      <button type="button" className="button small" disabled={extend.isPending} onClick={() => { extend.mutate({ id, expiresInHours: choice === "" ? null : Number(choice) }); }}>
        {expiryText.extend}
      </button>
      {extend.error && <span className="field-error" role="alert">{errorText.message(extend.error)}</span>}
    </span>
  );
}
