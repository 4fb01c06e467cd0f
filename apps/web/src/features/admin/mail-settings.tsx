"use client";

import { hostnameProblemOf, normalizeHostname } from "@mailroom/api/shared";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";
import { PageHeader } from "@/components/page-header";
import { CatchAllSettings } from "./catch-all";
import { SenderSettings } from "./senders";

const mib = 1024 * 1024;
// The platform states database sizes in decimal units (500 MB, 10 GB).
const mb = 1_000_000;

interface DomainLine {
  line: number;
  value: string;
  result: ReturnType<typeof normalizeHostname>;
}

/** One domain per non-empty line, each checked with the server's rule. */
function parseDomainLines(text: string): DomainLine[] {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, value: value.trim() }))
    .filter((l) => l.value !== "")
    .map((l) => ({ ...l, result: normalizeHostname(l.value) }));
}

/** Which form of the page was submitted last: only its outcome is shown, never a stale "saved". */
interface FormTurn {
  current: boolean;
  onSubmit: () => void;
}

function DomainsForm({ turn }: { turn: FormTurn }) {
  const t = useTranslations("admin");
  const utils = trpc.useUtils();
  const settings = trpc.admin.settings.get.useQuery();
  const [domains, setDomains] = useState("");
  const [defaultDomain, setDefaultDomain] = useState("");
  const [userDomains, setUserDomains] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const save = trpc.admin.settings.setDomains.useMutation({ onSuccess: () => utils.admin.settings.get.invalidate() });
  useEffect(() => {
    if (!settings.data) return;
    setDomains(settings.data.domains.domains.join("\n"));
    setDefaultDomain(settings.data.domains.defaultDomain);
    setUserDomains(settings.data.domains.roleAccess.user);
  }, [settings.data]);
  const lines = parseDomainLines(domains);
  const list = [...new Set(lines.flatMap((l) => ("hostname" in l.result ? [l.result.hostname] : [])))];
  const errors = useErrorText().fields(save.error, (issue) => {
    const problem = hostnameProblemOf(issue.rule);
    return problem && t(`settings.problems.${problem}`);
  });
  // Problems found here, then any the server reported for an entry (`domains.<index>` of what was sent).
  const lineProblems = lines.flatMap((l, index) => {
    const problem = "problem" in l.result ? t(`settings.problems.${l.result.problem}`) : errors[`domains.${index}`];
    return problem ? [{ line: l.line, value: l.value, problem }] : [];
  });
  const showProblems = checked && lineProblems.length > 0;
  const edited = () => {
    save.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    turn.onSubmit();
    setChecked(true);
    if (lines.some((l) => "problem" in l.result)) return;
    const chosenDefault = list.includes(defaultDomain) ? defaultDomain : (list[0] ?? "");
    save.mutate({ domains: list, defaultDomain: chosenDefault, roleAccess: { admin: list, user: userDomains.filter((d) => list.includes(d)) } });
  };
  if (settings.isPending) return <p className="muted" role="status">{t("loading")}</p>;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  const domainsError = showProblems ? undefined : errors.domains;
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="domains-heading">
      <h2 id="domains-heading">{t("settings.domainsHeading")}</h2>
      <p className="muted">{t("settings.domainsIntro", { fallback: settings.data.fallbackDomain })}</p>
      <div className="field">
        <label htmlFor="domains">{t("settings.domains")}</label>
        <textarea
          id="domains"
          rows={4}
          value={domains}
          onChange={(e) => { setDomains(e.target.value); edited(); }}
          aria-invalid={showProblems || domainsError ? true : undefined}
          aria-describedby={showProblems || domainsError ? "domains-error" : undefined}
        />
        {showProblems && (
          <ul id="domains-error" className="field-error" role="alert" data-testid="domain-problems">
            {lineProblems.map((p) => (
              <li key={p.line}>{t("settings.line", { line: p.line, value: p.value, problem: p.problem })}</li>
            ))}
          </ul>
        )}
        {!showProblems && domainsError && <span id="domains-error" className="field-error" role="alert">{domainsError}</span>}
      </div>
      <div className="field">
        <label htmlFor="default-domain">{t("settings.defaultDomain")}</label>
        <select id="default-domain" value={defaultDomain} onChange={(e) => { setDefaultDomain(e.target.value); edited(); }} aria-invalid={errors.defaultDomain ? true : undefined}>
          {list.map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
        {errors.defaultDomain && <span className="field-error" role="alert">{errors.defaultDomain}</span>}
      </div>
      <fieldset className="stack" style={{ border: 0, padding: 0 }}>
        <legend>{t("settings.userDomains")}</legend>
        {list.map((d) => (
          <label key={d} className="row">
            <input type="checkbox" checked={userDomains.includes(d)} onChange={(e) => { setUserDomains(e.target.checked ? [...userDomains, d] : userDomains.filter((x) => x !== d)); edited(); }} /> {d}
          </label>
        ))}
      </fieldset>
      {showProblems && <p className="alert error" role="alert">{t("settings.fixLines")}</p>}
      <FormError error={save.error} />
      {save.isSuccess && turn.current && <p className="alert ok" role="status">{t("settings.domainsSaved")}</p>}
      <button className="button primary" type="submit" disabled={save.isPending}>{t("settings.saveDomains")}</button>
    </form>
  );
}

type DmarcPolicy = "accept" | "flag" | "reject";

/** The business defaults the form edits, each labelled by its own message. */
type DefaultsKey = "mailboxCap" | "retentionDays" | "outboundDailyQuota" | "apiDailyQuota" | "attachmentMaxMiB" | "aiFallbackDaily" | "storageCapMB";

function DefaultsForm({ turn }: { turn: FormTurn }) {
  const t = useTranslations("admin.settings");
  const utils = trpc.useUtils();
  const settings = trpc.admin.settings.get.useQuery();
  const [values, setValues] = useState<Record<string, string>>({});
  const [dmarcPolicy, setDmarcPolicy] = useState<DmarcPolicy>("accept");
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
      storageCapMB: String(d.storageCapBytes / mb),
    });
    setDmarcPolicy(d.dmarcFailurePolicy);
  }, [settings.data]);
  const errors = useErrorText().fields(save.error);
  const number = (key: string) => Number(values[key] ?? "");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    turn.onSubmit();
    save.mutate({
      mailboxCap: number("mailboxCap"),
      retentionDays: number("retentionDays"),
      outboundDailyQuota: number("outboundDailyQuota"),
      apiDailyQuota: number("apiDailyQuota"),
      attachmentMaxBytes: Math.round(number("attachmentMaxMiB") * mib),
      aiFallbackDaily: number("aiFallbackDaily"),
      storageCapBytes: Math.round(number("storageCapMB") * mb),
      dmarcFailurePolicy: dmarcPolicy,
    });
  };
  // A cap of 0 is allowed (it stops mailbox creation), but it should not pass without a word.
  const hints: Partial<Record<DefaultsKey, string>> = values.mailboxCap?.trim() === "0" ? { mailboxCap: t("mailboxCapZero") } : {};
  const field = (key: DefaultsKey, errorKey: string = key) => (
    <Field key={key} label={t(key)} type="number" min={0} value={values[key] ?? ""} onChange={(e) => { setValues({ ...values, [key]: e.target.value }); save.reset(); }} error={errors[errorKey]} hint={hints[key]} />
  );
  if (!settings.data) return null;
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t("defaultsHeading")}</h2>
      <div className="row">
        {field("mailboxCap")}
        {field("retentionDays")}
        {field("outboundDailyQuota")}
        {field("apiDailyQuota")}
        {field("attachmentMaxMiB", "attachmentMaxBytes")}
        {field("aiFallbackDaily")}
        {field("storageCapMB", "storageCapBytes")}
      </div>
      <div className="field">
        <label htmlFor="dmarc-policy">{t("dmarcPolicy")}</label>
        <select id="dmarc-policy" value={dmarcPolicy} aria-describedby="dmarc-policy-hint" onChange={(e) => { setDmarcPolicy(e.target.value as DmarcPolicy); save.reset(); }}>
          <option value="accept">{t("dmarcPolicies.accept")}</option>
          <option value="flag">{t("dmarcPolicies.flag")}</option>
          <option value="reject">{t("dmarcPolicies.reject")}</option>
        </select>
        <span id="dmarc-policy-hint" className="hint">{t("dmarcPolicyHint")}</span>
      </div>
      <FormError error={save.error} />
      {save.isSuccess && turn.current && <p className="alert ok" role="status">{t("defaultsSaved")}</p>}
      <button className="button primary" type="submit" disabled={save.isPending}>{t("saveDefaults")}</button>
    </form>
  );
}

export function MailSettingsAdmin() {
  const t = useTranslations("admin.settings");
  const [last, setLast] = useState<"domains" | "defaults" | null>(null);
  const turn = (form: "domains" | "defaults"): FormTurn => ({ current: last === form, onSubmit: () => { setLast(form); } });
  return (
    <div className="stack">
      <PageHeader title={t("title")} />
      <DomainsForm turn={turn("domains")} />
      <CatchAllSettings />
      <SenderSettings />
      <DefaultsForm turn={turn("defaults")} />
    </div>
  );
}
