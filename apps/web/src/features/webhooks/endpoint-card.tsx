"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { DeliveryDetails, outcome, StatusBadge } from "./delivery-row";
import { DeliveryLog } from "./delivery-log";
import { EventChoice } from "./event-choice";
import { type Endpoint, eventKey, type EventType, useFormatTime } from "./format";

function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("webhooks");
  const formatTime = useFormatTime();
  return (
    <p className="row">
      <span className={`badge ${endpoint.enabled ? "ok" : "warn"}`} data-testid="webhook-status">
        {endpoint.enabled ? t("status.enabled") : t("status.disabled")}
      </span>
      {endpoint.failingSince && <span className="badge warn">{t("status.failing", { since: formatTime(endpoint.failingSince) })}</span>}
      {/* "No delivery yet" beside "failing since" would contradict it: a failing endpoint has tried. */}
      {endpoint.lastSuccessAt ? (
        <span className="muted">{t("status.lastSuccess", { at: formatTime(endpoint.lastSuccessAt) })}</span>
      ) : (
        <span className="muted">{endpoint.failingSince ? t("status.noSuccess") : t("status.never")}</span>
      )}
    </p>
  );
}

function EditForm({ endpoint, onDone }: { endpoint: Endpoint; onDone: () => void }) {
  const t = useTranslations("webhooks");
  const utils = trpc.useUtils();
  const [name, setName] = useState(endpoint.name);
  const [url, setUrl] = useState(endpoint.url);
  const [events, setEvents] = useState<EventType[]>([...endpoint.events]);
  const update = trpc.webhooks.update.useMutation({
    onSuccess: async () => {
      await utils.webhooks.list.invalidate();
      onDone();
    },
  });
  const errors = useErrorText().fields(update.error);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: endpoint.id, name, url, events });
      }}
    >
      <Field label={t("create.name")} value={name} onChange={(e) => { setName(e.target.value); }} error={errors.name} />
      <Field label={t("create.url")} type="url" value={url} onChange={(e) => { setUrl(e.target.value); }} error={errors.url} />
      <EventChoice value={events} onChange={setEvents} error={errors.events} />
      <FormError error={update.error} />
      <div className="row">
        <button className="button primary" type="submit" disabled={update.isPending}>
          {update.isPending ? t("endpoint.saving") : t("endpoint.save")}
        </button>
        <button className="button" type="button" onClick={onDone}>
          {t("endpoint.cancel")}
        </button>
      </div>
    </form>
  );
}

/** One endpoint: its status, settings and actions, the inline result of a test, and its log. */
export function EndpointCard({ endpoint, onSecret }: { endpoint: Endpoint; onSecret: (secret: string) => void }) {
  const t = useTranslations("webhooks");
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const refresh = () => Promise.all([utils.webhooks.list.invalidate(), utils.webhooks.deliveries.invalidate({ id: endpoint.id })]);
  const toggle = trpc.webhooks.update.useMutation({ onSuccess: refresh });
  const test = trpc.webhooks.test.useMutation({ onSuccess: refresh });
  const rotate = trpc.webhooks.rotateSecret.useMutation({ onSuccess: (data) => { onSecret(data.secret); } });
  const remove = trpc.webhooks.delete.useMutation({ onSuccess: () => utils.webhooks.list.invalidate() });
  const actionError = [toggle.error, test.error, rotate.error, remove.error].find(Boolean);

  return (
    <li className="card stack" aria-label={endpoint.name} data-testid="webhook-endpoint">
      <div>
        <h3>{endpoint.name}</h3>
        <p>
          <code className="token">{endpoint.url}</code>
        </p>
        <p className="muted">{endpoint.events.map((e) => t(`events.${eventKey[e]}.label`)).join(", ")}</p>
        <EndpointStatus endpoint={endpoint} />
        {endpoint.disabledReason && <p className="alert error" data-testid="webhook-disabled-reason">{endpoint.disabledReason}</p>}
      </div>
      {editing ? (
        <EditForm endpoint={endpoint} onDone={() => { setEditing(false); }} />
      ) : (
        <div className="row">
          <button className="button" type="button" onClick={() => { setEditing(true); }}>
            {t("endpoint.edit")}
          </button>
          <button className="button" type="button" disabled={toggle.isPending} onClick={() => { toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled }); }}>
            {endpoint.enabled ? t("endpoint.disable") : t("endpoint.enable")}
          </button>
          <button className="button" type="button" disabled={test.isPending} onClick={() => { test.mutate({ id: endpoint.id }); }}>
            {test.isPending ? t("endpoint.testing") : t("endpoint.test")}
          </button>
          <button
            className="button"
            type="button"
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm(t("endpoint.rotateConfirm"))) rotate.mutate({ id: endpoint.id });
            }}
          >
            {t("endpoint.rotate")}
          </button>
          <button className="button" type="button" aria-expanded={showLog} onClick={() => { setShowLog(!showLog); }}>
            {showLog ? t("endpoint.hideLog") : t("endpoint.showLog")}
          </button>
          <button
            className="button danger"
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t("endpoint.removeConfirm", { name: endpoint.name }))) remove.mutate({ id: endpoint.id });
            }}
          >
            {t("endpoint.remove")}
          </button>
        </div>
      )}
      {actionError && <ErrorAlert error={actionError} />}
      {test.data && (
        <div className={`alert ${test.data.status === "succeeded" ? "ok" : "error"} stack`} role="status" aria-label={t("endpoint.testResult")} data-testid="webhook-test-result">
          <p className="row">
            <StatusBadge status={test.data.status} />
            <span>{outcome(test.data, t("log.noResponse"))}</span>
          </p>
          <details>
            <summary>{t("log.details")}</summary>
            <DeliveryDetails delivery={test.data} />
          </details>
        </div>
      )}
      {showLog && <DeliveryLog endpoint={endpoint} />}
    </li>
  );
}
