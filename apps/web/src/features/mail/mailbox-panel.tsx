"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { ErrorAlert } from "@/components/error-alert";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { LifetimeField, MailboxExpiry } from "./expiry";
import { MailboxRouting, RoutingBadges } from "./mailbox-routing";

/** The user's mailbox addresses: create (random or custom, on an allowed domain), copy, delete. */
export function MailboxPanel() {
  const t = useTranslations("mail.mailboxes");
  const common = useTranslations("common");
  const utils = trpc.useUtils();
  const boxes = trpc.mailboxes.list.useQuery(undefined, { refetchInterval: 10_000 });
  const domains = trpc.mailboxes.domains.useQuery();
  const [localPart, setLocalPart] = useState("");
  const [domain, setDomain] = useState("");
  const [lifetime, setLifetime] = useState("");
  const create = trpc.mailboxes.create.useMutation({
    onSuccess: async () => {
      setLocalPart("");
      await utils.mailboxes.list.invalidate();
    },
  });
  const remove = trpc.mailboxes.delete.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.mailboxes.list.invalidate(), utils.messages.list.invalidate()]);
    },
  });
  const errors = useErrorText().fields(create.error);
  const chosenDomain = domain || domains.data?.defaultDomain || "";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ localPart: localPart.trim() || undefined, domain: chosenDomain || undefined, expiresInHours: lifetime === "" ? undefined : Number(lifetime) });
  };

  return (
    <section className="card stack" aria-labelledby="mailboxes-heading">
      <h2 id="mailboxes-heading">{t("heading")}</h2>
      <form className="row" onSubmit={onSubmit} noValidate>
        <Field label={t("name")} placeholder={t("namePlaceholder")} value={localPart} onChange={(e) => { setLocalPart(e.target.value); }} error={errors.localPart} autoComplete="off" />
        <div className="field">
          <label htmlFor="mailbox-domain">{t("domain")}</label>
          <select id="mailbox-domain" value={chosenDomain} onChange={(e) => { setDomain(e.target.value); }} disabled={!domains.data?.domains.length}>
            {domains.data?.domains.map((d) => (
              <option key={d} value={d}>@{d}</option>
            ))}
          </select>
        </div>
        <LifetimeField value={lifetime} onChange={setLifetime} error={errors.expiresInHours} />
        <button className="button primary" type="submit" disabled={create.isPending || !chosenDomain}>
          {create.isPending ? t("creating") : t("create")}
        </button>
      </form>
      <FormError error={create.error} fields={["localPart", "domain"]} texts={{ quota_exceeded: t("capReached"), feature_disabled: t("creationOff") }} />
      <ErrorAlert error={remove.error} />
      {boxes.isPending && <p className="muted" role="status">{common("loading")}</p>}
      <ErrorAlert error={boxes.error} />
      {boxes.data?.length === 0 && <p className="empty">{t("none")}</p>}
      {boxes.data && boxes.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("label")}>
          {boxes.data.map((box) => (
            <li key={box.id} className="row" style={{ justifyContent: "space-between" }} data-testid="mailbox">
              <span className="row">
                <code className="token" data-testid="mailbox-address">{box.address}</code>
                {box.unread > 0 && <span className="badge ok">{t("unread", { count: box.unread })}</span>}
                <RoutingBadges box={box} />
                <MailboxExpiry id={box.id} address={box.address} expiresAt={box.expiresAt} />
              </span>
              <span className="row">
                <CopyButton value={box.address} label={t("copyAddress")} />
                <Link className="button small" href={`/inbox?mailbox=${box.id}`}>{t("inbox")}</Link>
                <button
                  type="button"
                  className="button small danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t("confirmDelete", { address: box.address }))) remove.mutate({ id: box.id });
                  }}
                >
                  {t("delete")}
                </button>
              </span>
              <MailboxRouting box={box} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
