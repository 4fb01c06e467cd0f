"use client";

import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { apiBase } from "@/lib/api-base";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** Where scripts reach the API: the configured API base, else this origin (which forwards /api/*). */
function apiOrigin(): string {
  return apiBase || window.location.origin;
}

function when(date: Date | null): string {
  return date ? date.toLocaleString() : "never";
}

/** A new key, shown once, with a ready curl line. */
function NewKey({ value, onDismiss }: { value: string; onDismiss: () => void }) {
  const curl = `curl -H "Authorization: Bearer ${value}" ${apiOrigin()}/api/v1/mailboxes`;
  return (
    <div className="alert ok stack" role="status" aria-label="New API key">
      <p>Copy the key now: it is shown only this once (only its hash is stored).</p>
      <p className="row">
        <code className="token" data-testid="api-key">{value}</code>
        <CopyButton value={value} label="Copy key" />
        <button className="button small" type="button" onClick={onDismiss}>Done</button>
      </p>
      <p className="row">
        <code className="token" data-testid="api-key-curl">{curl}</code>
        <CopyButton value={curl} label="Copy curl" />
      </p>
    </div>
  );
}

/** `/settings/api-keys`: the user's API keys, making and revoking them, and today's usage. */
export function ApiKeysScreen() {
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
  const errors = fieldErrors(create.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, ...(days.trim() === "" ? {} : { expiresInDays: Number(days) }) });
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>API keys</h1>
          <p className="muted">
            Keys let scripts and test suites use your mailboxes through the REST API: create a mailbox, wait for the code, read the
            mail. See the <a href={`${apiBase}/api/v1/docs`}>API reference</a>.
          </p>
        </div>
      </div>
      <div className="stack">
        <p className="card" data-testid="api-usage">
          {usage.data ? `${String(usage.data.usedToday)} of ${String(usage.data.quota)} API calls today (UTC)` : "Loading today's usage…"}
        </p>
        <section className="card stack" aria-labelledby="api-keys-new">
          <h2 id="api-keys-new">New key</h2>
          <form className="stack" onSubmit={onSubmit} noValidate>
            <Field label="Name" hint="What uses it, e.g. “CI sign-up tests”" value={name} onChange={(e) => { setName(e.target.value); }} error={errors.name} />
            <Field label="Expires after (days)" type="number" min={1} placeholder="never" value={days} onChange={(e) => { setDays(e.target.value); }} error={errors.expiresInDays} />
            <div className="row">
              <button className="button primary" type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating…" : "Create key"}
              </button>
              <span className="muted">Up to 20 keys.</span>
            </div>
          </form>
          <FormError error={create.error} />
        </section>
        {created && <NewKey value={created} onDismiss={() => { setCreated(null); }} />}
        <section className="stack" aria-labelledby="api-keys-list">
          <h2 id="api-keys-list">Your keys</h2>
          {keys.isPending && <p className="muted" role="status">Loading…</p>}
          {keys.isError && <p className="alert error" role="alert">{errorMessage(keys.error)}</p>}
          {keys.data?.length === 0 && <p className="card empty">No keys yet.</p>}
          {keys.data && keys.data.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td><code>{key.prefix}…</code></td>
                    <td>{when(key.createdAt)}</td>
                    <td>{when(key.lastUsedAt)}</td>
                    <td>{key.expiresAt ? when(key.expiresAt) : "never"}</td>
                    <td>
                      <button className="button small" type="button" disabled={revoke.isPending} onClick={() => { revoke.mutate({ id: key.id }); }}>
                        Revoke<span className="sr-only"> {key.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <FormError error={revoke.error} />
        </section>
      </div>
    </>
  );
}
