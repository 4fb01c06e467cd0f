"use client";

import { useState } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { DeliveryDetails, outcome, StatusBadge } from "./delivery-row";
import { DeliveryLog } from "./delivery-log";
import { EventChoice } from "./event-choice";
import { formatTime, type Endpoint, type EventType } from "./format";
import { text } from "./strings";

function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  return (
    <p className="row">
      <span className={`badge ${endpoint.enabled ? "ok" : "warn"}`} data-testid="webhook-status">
        {endpoint.enabled ? text.status.enabled : text.status.disabled}
      </span>
      {endpoint.failingSince && <span className="badge warn">{text.status.failing(formatTime(endpoint.failingSince))}</span>}
      <span className="muted">{endpoint.lastSuccessAt ? text.status.lastSuccess(formatTime(endpoint.lastSuccessAt)) : text.status.never}</span>
    </p>
  );
}

function EditForm({ endpoint, onDone }: { endpoint: Endpoint; onDone: () => void }) {
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
  const errors = fieldErrors(update.error);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: endpoint.id, name, url, events });
      }}
    >
      <Field label={text.create.name} value={name} onChange={(e) => { setName(e.target.value); }} error={errors.name} />
      <Field label={text.create.url} type="url" value={url} onChange={(e) => { setUrl(e.target.value); }} error={errors.url} />
      <EventChoice value={events} onChange={setEvents} error={errors.events} />
      <FormError error={update.error} />
      <div className="row">
        <button className="button primary" type="submit" disabled={update.isPending}>
          {update.isPending ? text.endpoint.saving : text.endpoint.save}
        </button>
        <button className="button" type="button" onClick={onDone}>
          {text.endpoint.cancel}
        </button>
      </div>
    </form>
  );
}

/** One endpoint: its status, settings and actions, the inline result of a test, and its log. */
export function EndpointCard({ endpoint, onSecret }: { endpoint: Endpoint; onSecret: (secret: string) => void }) {
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
        <p className="muted">{endpoint.events.map((e) => text.events[e].label).join(", ")}</p>
        <EndpointStatus endpoint={endpoint} />
        {endpoint.disabledReason && <p className="alert error" data-testid="webhook-disabled-reason">{endpoint.disabledReason}</p>}
      </div>
      {editing ? (
        <EditForm endpoint={endpoint} onDone={() => { setEditing(false); }} />
      ) : (
        <div className="row">
          <button className="button" type="button" onClick={() => { setEditing(true); }}>
            {text.endpoint.edit}
          </button>
          <button className="button" type="button" disabled={toggle.isPending} onClick={() => { toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled }); }}>
            {endpoint.enabled ? text.endpoint.disable : text.endpoint.enable}
          </button>
          <button className="button" type="button" disabled={test.isPending} onClick={() => { test.mutate({ id: endpoint.id }); }}>
            {test.isPending ? text.endpoint.testing : text.endpoint.test}
          </button>
          <button
            className="button"
            type="button"
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm(text.endpoint.rotateConfirm)) rotate.mutate({ id: endpoint.id });
            }}
          >
            {text.endpoint.rotate}
          </button>
          <button className="button" type="button" aria-expanded={showLog} onClick={() => { setShowLog(!showLog); }}>
            {showLog ? text.endpoint.hideLog : text.endpoint.showLog}
          </button>
          <button
            className="button danger"
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(text.endpoint.removeConfirm(endpoint.name))) remove.mutate({ id: endpoint.id });
            }}
          >
            {text.endpoint.remove}
          </button>
        </div>
      )}
      {actionError && <p className="alert error" role="alert">{errorMessage(actionError)}</p>}
      {test.data && (
        <div className={`alert ${test.data.status === "succeeded" ? "ok" : "error"} stack`} role="status" aria-label={text.endpoint.testResult} data-testid="webhook-test-result">
          <p className="row">
            <StatusBadge status={test.data.status} />
            <span>{outcome(test.data)}</span>
          </p>
          <details>
            <summary>{text.log.details}</summary>
            <DeliveryDetails delivery={test.data} />
          </details>
        </div>
      )}
      {showLog && <DeliveryLog endpoint={endpoint} />}
    </li>
  );
}
