"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";

const mib = 1024 * 1024;

function DomainsForm() {
  const utils = trpc.useUtils();
  const settings = trpc.admin.settings.get.useQuery();
  const [domains, setDomains] = useState("");
  const [defaultDomain, setDefaultDomain] = useState("");
  const [userDomains, setUserDomains] = useState<string[]>([]);
  const save = trpc.admin.settings.setDomains.useMutation({ onSuccess: () => utils.admin.settings.get.invalidate() });
  useEffect(() => {
    if (!settings.data) return;
    setDomains(settings.data.domains.domains.join("\n"));
    setDefaultDomain(settings.data.domains.defaultDomain);
    setUserDomains(settings.data.domains.roleAccess.user);
  }, [settings.data]);
  const list = domains.split(/[\s,]+/).map((d) => d.trim().toLowerCase()).filter(Boolean);
  const errors = useErrorText().fields(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ domains: list, defaultDomain, roleAccess: { admin: list, user: userDomains.filter((d) => list.includes(d)) } });
  };
  if (settings.isPending) return <p className="muted" role="status">Loading…</p>;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="domains-heading">
      <h2 id="domains-heading">Mail domains</h2>
      <p className="muted">Mailboxes are created on these domains. Route each domain's mail to the worker with Email Routing. Until a domain is saved, {settings.data.fallbackDomain} is used.</p>
      <div className="field">
        <label htmlFor="domains">Domains, one per line</label>
        <textarea id="domains" rows={4} value={domains} onChange={(e) => { setDomains(e.target.value); }} aria-invalid={errors.domains ? true : undefined} />
        {errors.domains && <span className="field-error" role="alert">{errors.domains}</span>}
      </div>
      <div className="field">
        <label htmlFor="default-domain">Default domain</label>
        <select id="default-domain" value={defaultDomain} onChange={(e) => { setDefaultDomain(e.target.value); }}>
          {list.map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
        {errors.defaultDomain && <span className="field-error" role="alert">{errors.defaultDomain}</span>}
      </div>
      <fieldset className="stack" style={{ border: 0, padding: 0 }}>
        <legend>Domains ordinary users may use (administrators may use all)</legend>
        {list.map((d) => (
          <label key={d} className="row">
            <input type="checkbox" checked={userDomains.includes(d)} onChange={(e) => { setUserDomains(e.target.checked ? [...userDomains, d] : userDomains.filter((x) => x !== d)); }} /> {d}
          </label>
        ))}
      </fieldset>
      <FormError error={save.error} />
      {save.isSuccess && <p className="alert ok" role="status">Domains saved.</p>}
      <button className="button primary" type="submit" disabled={save.isPending}>Save domains</button>
    </form>
  );
}

function DefaultsForm() {
  const utils = trpc.useUtils();
  const settings = trpc.admin.settings.get.useQuery();
  const [values, setValues] = useState<Record<string, string>>({});
  const save = trpc.admin.settings.setDefaults.useMutation({ onSuccess: () => utils.admin.settings.get.invalidate() });
  useEffect(() => {
    const d = settings.data?.defaults;
    if (!d) return;
    setValues({
      mailboxCap: String(d.mailboxCap),
      retentionDays: String(d.retentionDays),
      outboundDailyQuota: String(d.outboundDailyQuota),
      apiDailyQuota: String(d.apiDailyQuota),
      attachmentMaxMiB: String(d.attachmentMaxBytes / mib),
      aiFallbackDaily: String(d.aiFallbackDaily),
    });
  }, [settings.data]);
  const errors = useErrorText().fields(save.error);
  const number = (key: string) => Number(values[key] ?? "");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      mailboxCap: number("mailboxCap"),
      retentionDays: number("retentionDays"),
      outboundDailyQuota: number("outboundDailyQuota"),
      apiDailyQuota: number("apiDailyQuota"),
      attachmentMaxBytes: Math.round(number("attachmentMaxMiB") * mib),
      aiFallbackDaily: number("aiFallbackDaily"),
    });
  };
  const field = (key: string, label: string, errorKey = key) => (
    <Field key={key} label={label} type="number" min={0} value={values[key] ?? ""} onChange={(e) => { setValues({ ...values, [key]: e.target.value }); }} error={errors[errorKey]} />
  );
  if (!settings.data) return null;
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">Business defaults</h2>
      <div className="row">
        {field("mailboxCap", "Mailboxes per user")}
        {field("retentionDays", "Keep mail for (days)")}
        {field("outboundDailyQuota", "Outbound mails per day")}
        {field("apiDailyQuota", "API calls per day")}
        {field("attachmentMaxMiB", "Largest kept attachment (MiB)", "attachmentMaxBytes")}
        {field("aiFallbackDaily", "AI recognitions per day")}
      </div>
      <FormError error={save.error} />
      {save.isSuccess && <p className="alert ok" role="status">Defaults saved.</p>}
      <button className="button primary" type="submit" disabled={save.isPending}>Save defaults</button>
    </form>
  );
}

export function MailSettingsAdmin() {
  return (
    <div className="stack">
      <div className="page-header">
        <h1>Mail settings</h1>
      </div>
      <DomainsForm />
      <DefaultsForm />
    </div>
  );
}
