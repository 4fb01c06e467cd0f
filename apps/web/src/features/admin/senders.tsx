"use client";

import type { AppRouter } from "@mailroom/api";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { apiBase } from "@/lib/api-base";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

type Settings = inferRouterOutputs<AppRouter>["admin"]["senders"]["list"];
type DomainRow = Settings["domains"][number];
type Choice = DomainRow["choice"];

/** One domain's provider: automatic, Cloudflare's sending, or Resend (optionally with that domain's own account). */
function DomainSender({ row }: { row: DomainRow }) {
  const t = useTranslations("admin.senders");
  const utils = trpc.useUtils();
  const [choice, setChoice] = useState<Choice>(row.choice);
  const [apiKey, setApiKey] = useState("");
  const [eventsSecret, setEventsSecret] = useState("");
  const save = trpc.admin.senders.set.useMutation({
    onSuccess: () => {
      setApiKey("");
      setEventsSecret("");
      void utils.admin.senders.list.invalidate();
    },
  });
  const errors = useErrorText().fields(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ domain: row.domain, provider: choice, ...(choice === "resend" && apiKey ? { apiKey } : {}), ...(choice === "resend" && eventsSecret ? { eventsSecret } : {}) });
  };
  const remove = (field: "apiKey" | "eventsSecret") => { save.mutate({ domain: row.domain, provider: "resend", [field]: null }); };
  const choiceId = `sender-${row.domain}`;
  return (
    <form className="stack catch-all" onSubmit={onSubmit} noValidate aria-label={t("formLabel", { domain: row.domain })} data-testid="domain-sender">
      <h3><code className="token">@{row.domain}</code></h3>
      {row.provider ? <p className="muted">{t(`now.${row.provider}`)}</p> : <p className="alert warn" role="status">{t("none", { problem: row.problem ?? "" })}</p>}
      <div className="row">
        <div className="field">
          <label htmlFor={choiceId}>{t("provider")}</label>
          <select id={choiceId} value={choice} onChange={(e) => { setChoice(e.target.value as Choice); save.reset(); }}>
            <option value="auto">{t("choices.auto")}</option>
            <option value="platform">{t("choices.platform")}</option>
            <option value="resend">{t("choices.resend")}</option>
          </select>
        </div>
        {choice === "resend" && (
          <>
            <Field label={t("apiKey")} type="password" autoComplete="off" placeholder={row.hasApiKey ? t("stored") : "re_…"} value={apiKey} onChange={(e) => { setApiKey(e.target.value); save.reset(); }} error={errors.apiKey} hint={t("apiKeyHint")} />
            <Field label={t("eventsSecret")} type="password" autoComplete="off" placeholder={row.hasEventsSecret ? t("stored") : "whsec_…"} value={eventsSecret} onChange={(e) => { setEventsSecret(e.target.value); save.reset(); }} error={errors.eventsSecret} hint={t("eventsSecretHint")} />
          </>
        )}
      </div>
      <FormError error={save.error} fields={["apiKey", "eventsSecret"]} />
      {save.isSuccess && <p className="alert ok" role="status">{t("saved", { domain: row.domain })}</p>}
      <div className="row">
        <button className="button small primary" type="submit" disabled={save.isPending}>{t("save")}</button>
        {row.choice === "resend" && row.hasApiKey && <button className="button small" type="button" disabled={save.isPending} onClick={() => { remove("apiKey"); }}>{t("removeKey")}</button>}
        {row.choice === "resend" && row.hasEventsSecret && <button className="button small" type="button" disabled={save.isPending} onClick={() => { remove("eventsSecret"); }}>{t("removeSecret")}</button>}
      </div>
    </form>
  );
}

/** Which provider sends from each mail domain (CONTRACT §15), with what this environment has. */
export function SenderSettings() {
  const t = useTranslations("admin.senders");
  const list = trpc.admin.senders.list.useQuery();
  // The address Resend posts its events to: the API's own origin (the page's, in same-domain mode).
  const [eventsUrl, setEventsUrl] = useState(`${apiBase}/api/outbound/events/resend`);
  useEffect(() => {
    if (!apiBase) setEventsUrl(`${window.location.origin}/api/outbound/events/resend`);
  }, []);
  const yesNo = (on: boolean) => (on ? t("yes") : t("no"));
  const facts = list.data
    ? ([
        ["platformBound", yesNo(list.data.platformBound)],
        ["resendKeySet", yesNo(list.data.resendKeySet)],
        ["eventsSecretSet", yesNo(list.data.eventsSecretSet)],
      ] as const)
    : [];
  return (
    <section className="card stack" aria-labelledby="senders-heading">
      <h2 id="senders-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      {list.isPending && <p className="muted" role="status">{t("loading")}</p>}
      <ErrorAlert error={list.error} />
      {list.data && (
        <dl className="stack" data-testid="sender-environment">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{t(term)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>{t("eventsUrl")}</dt>
            <dd><code>{eventsUrl}</code></dd>
          </div>
        </dl>
      )}
      {list.data?.domains.map((row) => <DomainSender key={row.domain} row={row} />)}
    </section>
  );
}
