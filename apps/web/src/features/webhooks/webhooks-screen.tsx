"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { trpc } from "@/lib/trpc";
import { EndpointCard } from "./endpoint-card";
import { EventChoice } from "./event-choice";
import type { EventType } from "./format";
import { SecretNotice } from "./secret-notice";
import { VerifySnippet } from "./verify-snippet";
import { PageHeader } from "@/components/page-header";

/** `/settings/webhooks`: the user's endpoints, adding one, and how to verify what we send. */
export function WebhooksScreen() {
  const t = useTranslations("webhooks");
  const utils = trpc.useUtils();
  const endpoints = trpc.webhooks.list.useQuery();
  const targets = trpc.webhooks.targets.useQuery();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventType[]>(["message.received"]);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (data) => {
      setSecret({ value: data.secret, rotated: false });
      setName("");
      setUrl("");
      await utils.webhooks.list.invalidate();
    },
  });
  const errors = useErrorText().fields(create.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, url, events });
  };

  return (
    <>
      <PageHeader title={t("title")} intro={t("intro")} />
      <div className="stack">
        <section className="card stack" aria-labelledby="webhooks-new">
          <h2 id="webhooks-new">{t("create.heading")}</h2>
          <form className="stack" onSubmit={onSubmit} noValidate>
            <Field label={t("create.name")} value={name} onChange={(e) => { setName(e.target.value); }} error={errors.name} />
            <Field label={t("create.url")} type="url" placeholder="https://" hint={targets.data?.allowPrivate ? t("create.urlHintLocal") : t("create.urlHint")} value={url} onChange={(e) => { setUrl(e.target.value); }} error={errors.url} />
            <EventChoice value={events} onChange={setEvents} error={errors.events} />
            <div className="row">
              <button className="button primary" type="submit" disabled={create.isPending}>
                {create.isPending ? t("create.submitting") : t("create.submit")}
              </button>
              <span className="muted">{t("create.limit")}</span>
            </div>
          </form>
          <FormError error={create.error} />
        </section>
        {secret && <SecretNotice secret={secret.value} rotated={secret.rotated} onDismiss={() => { setSecret(null); }} />}
        <section className="stack" aria-labelledby="webhooks-list">
          <h2 id="webhooks-list">{t("list.heading")}</h2>
          {endpoints.isPending && <p className="muted" role="status">{t("loading")}</p>}
          {endpoints.isError && (
            <ErrorAlert error={endpoints.error}>
              {" "}<button className="button small" type="button" onClick={() => void endpoints.refetch()}>{t("tryAgain")}</button>
            </ErrorAlert>
          )}
          {endpoints.data?.length === 0 && <p className="card empty">{t("list.empty")}</p>}
          {endpoints.data && endpoints.data.length > 0 && (
            <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
              {endpoints.data.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={(value) => { setSecret({ value, rotated: true }); }} />
              ))}
            </ul>
          )}
        </section>
        <VerifySnippet />
      </div>
    </>
  );
}
