"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

type Mode = "off" | "mailbox" | "create";

interface CatchAllRow {
  domain: string;
  mode: Mode;
  address: string | null;
  ownerEmail: string | null;
}

/** One domain's catch-all: off, one mailbox for every unknown address, or new mailboxes for an owner. */
function DomainCatchAll({ row }: { row: CatchAllRow }) {
  const t = useTranslations("admin.catchAll");
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>(row.mode);
  const [address, setAddress] = useState(row.address ?? "");
  const [ownerEmail, setOwnerEmail] = useState(row.ownerEmail ?? "");
  const save = trpc.admin.catchAll.set.useMutation({ onSuccess: () => utils.admin.catchAll.list.invalidate() });
  const errors = useErrorText().fields(save.error, (issue) => (issue.rule === "catch_all_mailbox" ? t("noSuchMailbox", { domain: row.domain }) : undefined));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === "off") save.mutate({ domain: row.domain, mode });
    else if (mode === "mailbox") save.mutate({ domain: row.domain, mode, address });
    else save.mutate({ domain: row.domain, mode, ownerEmail });
  };
  const modeId = `catch-all-${row.domain}`;
  return (
    <form className="stack catch-all" onSubmit={onSubmit} noValidate aria-label={t("formLabel", { domain: row.domain })} data-testid="catch-all">
      <h3><code className="token">@{row.domain}</code></h3>
      <div className="row">
        <div className="field">
          <label htmlFor={modeId}>{t("mode")}</label>
          <select id={modeId} value={mode} onChange={(e) => { setMode(e.target.value as Mode); save.reset(); }}>
            <option value="off">{t("modes.off")}</option>
            <option value="mailbox">{t("modes.mailbox")}</option>
            <option value="create">{t("modes.create")}</option>
          </select>
        </div>
        {mode === "mailbox" && (
          <Field label={t("address")} type="email" placeholder={`inbox@${row.domain}`} value={address} onChange={(e) => { setAddress(e.target.value); save.reset(); }} error={errors.address} />
        )}
        {mode === "create" && (
          <Field label={t("ownerEmail")} type="email" value={ownerEmail} onChange={(e) => { setOwnerEmail(e.target.value); save.reset(); }} error={errors.ownerEmail} hint={t("createHint")} />
        )}
      </div>
      <FormError error={save.error} fields={["address", "ownerEmail"]} />
      {save.isSuccess && <p className="alert ok" role="status">{t("saved", { domain: row.domain })}</p>}
      <div className="row">
        <button className="button small primary" type="submit" disabled={save.isPending}>{t("save")}</button>
      </div>
    </form>
  );
}

/** Catch-all routing per mail domain, with what the platform needs for it. */
export function CatchAllSettings() {
  const t = useTranslations("admin.catchAll");
  const list = trpc.admin.catchAll.list.useQuery();
  return (
    <section className="card stack" aria-labelledby="catch-all-heading">
      <h2 id="catch-all-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      {list.isPending && <p className="muted" role="status">{t("loading")}</p>}
      <ErrorAlert error={list.error} />
      {list.data?.domains.map((row) => <DomainCatchAll key={row.domain} row={row} />)}
    </section>
  );
}
