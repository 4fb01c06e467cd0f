"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { apiBase } from "@/lib/api-base";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "@/components/page-header";
import { AgentSetup } from "./agent-setup";

/** Where scripts reach the API: the configured API base, else this origin (which forwards /api/*). */
function apiOrigin(): string {
  return apiBase || window.location.origin;
}

const noSubscription = () => () => undefined;

/** apiOrigin() once in the browser (the page is prerendered, where there is no window). */
function useApiOrigin(): string {
  return useSyncExternalStore(noSubscription, apiOrigin, () => apiBase);
}

/** A new key, shown once, with a ready curl line. */
function NewKey({ value, onDismiss }: { value: string; onDismiss: () => void }) {
  const t = useTranslations("apiKeys");
  const curl = `curl -H "Authorization: Bearer ${value}" ${apiOrigin()}/api/v1/mailboxes`;
  return (
    <div className="alert ok stack" role="status" aria-label={t("newKeyLabel")}>
      <p>{t("copyNow")}</p>
      <p className="row">
        <code className="token" data-testid="api-key">{value}</code>
        <CopyButton value={value} label={t("copyKey")} />
        <button className="button small" type="button" onClick={onDismiss}>{t("done")}</button>
      </p>
      <p className="row">
        <code className="token" data-testid="api-key-curl">{curl}</code>
        <CopyButton value={curl} label={t("copyCurl")} />
      </p>
    </div>
  );
}

/** `/settings/api-keys`: the user's API keys, making and revoking them, and today's usage. */
export function ApiKeysScreen() {
  const t = useTranslations("apiKeys");
  const origin = useApiOrigin();
  const format = useFormatter();
  const when = (date: Date | null) => (date ? format.dateTime(date, { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery();
  // Scripts use the keys while nobody looks at this page: count afresh whenever it opens.
  const usage = trpc.apiKeys.usage.useQuery(undefined, { refetchOnMount: "always" });
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: async (data) => {
      setCreated(data.key);
      setName("");
      setDays("");
      await utils.apiKeys.list.invalidate();
    },
  });
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  const errors = useErrorText().fields(create.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, ...(days.trim() === "" ? {} : { expiresInDays: Number(days) }) });
  };

  return (
    <>
      <PageHeader
        title={t("title")}
        intro={t.rich("intro", { reference: (chunks) => <a href={`${apiBase}/api/v1/docs`}>{chunks}</a> })}
      />
      <div className="stack">
        <p className="card" data-testid="api-usage">
          {usage.data ? t("usage", { used: usage.data.usedToday, quota: usage.data.quota }) : t("loadingUsage")}
        </p>
        <section className="card stack" aria-labelledby="api-keys-new">
          <h2 id="api-keys-new">{t("newHeading")}</h2>
          <form className="stack" onSubmit={onSubmit} noValidate>
            <Field label={t("name")} hint={t("nameHint")} value={name} onChange={(e) => { setName(e.target.value); }} error={errors.name} />
            <Field label={t("expires")} type="number" min={1} placeholder={t("never")} value={days} onChange={(e) => { setDays(e.target.value); }} error={errors.expiresInDays} />
            <div className="row">
              <button className="button primary" type="submit" disabled={create.isPending}>
                {create.isPending ? t("creating") : t("create")}
              </button>
              <span className="muted">{t("limit")}</span>
            </div>
          </form>
          <FormError error={create.error} />
        </section>
        {created && <NewKey value={created} onDismiss={() => { setCreated(null); }} />}
        <section className="stack" aria-labelledby="api-keys-list">
          <h2 id="api-keys-list">{t("listHeading")}</h2>
          {keys.isPending && <p className="muted" role="status">{t("loading")}</p>}
          {keys.isError && <ErrorAlert error={keys.error} />}
          {keys.data?.length === 0 && <p className="card empty">{t("empty")}</p>}
          {keys.data && keys.data.length > 0 && (
            <table className="list">
              <thead>
                <tr>
                  <th scope="col">{t("name")}</th>
                  <th scope="col">{t("key")}</th>
                  <th scope="col">{t("created")}</th>
                  <th scope="col">{t("lastUsed")}</th>
                  <th scope="col">{t("expiresColumn")}</th>
                  <th scope="col"><span className="sr-only">{t("actions")}</span></th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td data-label={t("key")}><code>{key.prefix}…</code></td>
                    <td data-label={t("created")}>{when(key.createdAt)}</td>
                    <td data-label={t("lastUsed")}>{when(key.lastUsedAt)}</td>
                    <td data-label={t("expiresColumn")}>{when(key.expiresAt)}</td>
                    <td>
                      <button className="button small" type="button" disabled={revoke.isPending} onClick={() => { revoke.mutate({ id: key.id }); }}>
                        {t("revoke")}<span className="sr-only"> {key.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <FormError error={revoke.error} />
        </section>
        <AgentSetup origin={origin} apiKey={created} />
      </div>
    </>
  );
}
