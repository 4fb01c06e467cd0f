"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { PageHeader } from "@/components/page-header";
import { useErrorText } from "@/lib/errors";

interface BlockRule {
  id: string;
  pattern: string;
  blockedCount: number;
  lastBlockedAt: Date | null;
  createdAt: Date;
}

/** What the screen needs of a list's three procedures (the user's own, or the global one). */
export interface BlocklistCalls {
  rules: { data: BlockRule[] | undefined; isPending: boolean; error: unknown };
  add: { mutate: (input: { pattern: string }) => void; isPending: boolean; isSuccess: boolean; error: unknown; reset: () => void };
  remove: { mutate: (input: { id: string }) => void; isPending: boolean; error: unknown };
}

/** A blocklist: add an address, a domain or *.domain; see what each entry has blocked; remove it. */
export function BlocklistView({ scope, calls }: { scope: "own" | "global"; calls: BlocklistCalls }) {
  const t = useTranslations("blocklist");
  const format = useFormatter();
  const [pattern, setPattern] = useState("");
  const errors = useErrorText().fields(calls.add.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    calls.add.mutate({ pattern });
  };
  const rules = calls.rules.data;
  return (
    <div className="stack">
      <PageHeader title={t(`${scope}.title`)} intro={t(`${scope}.intro`)} />
      <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="block-add-heading">
        <h2 id="block-add-heading">{t("addHeading")}</h2>
        <Field
          label={t("pattern")}
          hint={t("patternHint")}
          placeholder="news@shop.example"
          value={pattern}
          autoComplete="off"
          onChange={(e) => { setPattern(e.target.value); calls.add.reset(); }}
          error={errors.pattern}
        />
        <FormError error={calls.add.error} fields={["pattern"]} texts={{ quota_exceeded: t("full") }} />
        <div className="row">
          <button className="button primary" type="submit" disabled={calls.add.isPending}>{calls.add.isPending ? t("adding") : t("add")}</button>
        </div>
      </form>
      <section className="stack" aria-labelledby="block-list-heading">
        <h2 id="block-list-heading">{t("listHeading")}</h2>
        {calls.rules.isPending && <p className="muted" role="status">{t("loading")}</p>}
        <ErrorAlert error={calls.rules.error} />
        {rules?.length === 0 && <p className="card empty">{t(`${scope}.empty`)}</p>}
        {rules && rules.length > 0 && (
          <table className="list" data-testid="block-rules">
            <thead>
              <tr>
                <th scope="col">{t("pattern")}</th>
                <th scope="col">{t("blocked")}</th>
                <th scope="col">{t("lastBlocked")}</th>
                <th scope="col">{t("added")}</th>
                <th scope="col"><span className="sr-only">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <td><code className="token">{rule.pattern}</code></td>
                  <td data-label={t("blocked")}>{t("count", { count: rule.blockedCount })}</td>
                  <td data-label={t("lastBlocked")}>{rule.lastBlockedAt ? format.dateTime(rule.lastBlockedAt, { dateStyle: "medium", timeStyle: "short" }) : t("never")}</td>
                  <td data-label={t("added")}>{format.dateTime(rule.createdAt, { dateStyle: "medium" })}</td>
                  <td>
                    <button className="button small" type="button" disabled={calls.remove.isPending} onClick={() => { calls.remove.mutate({ id: rule.id }); }}>
                      {t("remove")}<span className="sr-only"> {rule.pattern}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ErrorAlert error={calls.remove.error} />
      </section>
    </div>
  );
}
