"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

interface RoutedMailbox {
  id: string;
  address: string;
  forwardTo: string[];
  keepCopy: boolean;
  paused: boolean;
}

/** Badges for a mailbox row: paused, and where its mail is forwarded. */
export function RoutingBadges({ box }: { box: RoutedMailbox }) {
  const t = useTranslations("mail.routing");
  return (
    <>
      {box.paused && <span className="badge warn" data-testid="mailbox-paused">{t("pausedBadge")}</span>}
      {box.forwardTo.length > 0 && (
        <span className="badge" title={box.forwardTo.join(", ")}>
          {box.keepCopy ? t("forwardsBadge", { count: box.forwardTo.length }) : t("forwardsOnlyBadge", { count: box.forwardTo.length })}
        </span>
      )}
    </>
  );
}

/**
 * A mailbox's forwarding (up to five destinations, with or without a copy kept here) and its
 * pause, folded under the mailbox until opened.
 */
export function MailboxRouting({ box }: { box: RoutedMailbox }) {
  const t = useTranslations("mail.routing");
  const utils = trpc.useUtils();
  const id = useId();
  const [forwardTo, setForwardTo] = useState(box.forwardTo.join("\n"));
  const [keepCopy, setKeepCopy] = useState(box.keepCopy);
  const [paused, setPaused] = useState(box.paused);
  const save = trpc.mailboxes.update.useMutation({ onSuccess: () => utils.mailboxes.list.invalidate() });
  const issues = useErrorText().fields(save.error);
  const destinations = forwardTo.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean);
  // Issues come per destination (`forwardTo.<index>`); each is shown with the address it concerns.
  const forwardProblems = Object.entries(issues).flatMap(([path, text]) => {
    if (path === "forwardTo") return [text];
    const index = /^forwardTo\.(\d+)$/.exec(path)?.[1];
    return index === undefined ? [] : [`${destinations[Number(index)] ?? ""}: ${text}`];
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: box.id, forwardTo: destinations, keepCopy, paused });
  };
  const edited = () => {
    save.reset();
  };
  return (
    <details className="routing" data-testid="mailbox-routing">
      <summary>{t("summary")}</summary>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-forward`}>{t("forwardTo")}</label>
          <textarea
            id={`${id}-forward`}
            rows={2}
            value={forwardTo}
            placeholder={t("forwardToPlaceholder")}
            onChange={(e) => { setForwardTo(e.target.value); edited(); }}
            aria-invalid={forwardProblems.length > 0 ? true : undefined}
            aria-describedby={`${id}-forward-hint${forwardProblems.length > 0 ? ` ${id}-forward-error` : ""}`}
          />
          <span id={`${id}-forward-hint`} className="hint">{t("verifiedOnly")}</span>
          {forwardProblems.length > 0 && (
            <ul id={`${id}-forward-error`} className="field-error" role="alert">
              {forwardProblems.map((p) => <li key={p}>{p}</li>)}
            </ul>
          )}
        </div>
        <label className="row">
          <input type="checkbox" checked={keepCopy} disabled={destinations.length === 0} onChange={(e) => { setKeepCopy(e.target.checked); edited(); }} /> {t("keepCopy")}
        </label>
        {!keepCopy && destinations.length > 0 && <p className="hint">{t("forwardOnlyHint")}</p>}
        <label className="row">
          <input type="checkbox" checked={paused} onChange={(e) => { setPaused(e.target.checked); edited(); }} /> {t("paused", { address: box.address })}
        </label>
        <FormError error={save.error} fields={Object.keys(issues).filter((p) => p.startsWith("forwardTo"))} />
        {save.isSuccess && <p className="alert ok" role="status">{t("saved")}</p>}
        <button className="button small primary" type="submit" disabled={save.isPending}>{save.isPending ? t("saving") : t("save")}</button>
      </form>
    </details>
  );
}
