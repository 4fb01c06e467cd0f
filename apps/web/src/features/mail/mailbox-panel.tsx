"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";
import { expiryText, lifetimeOptions, MailboxExpiry } from "./expiry";

/** The user's mailbox addresses: create (random or custom, on an allowed domain), copy, delete. */
export function MailboxPanel() {
  const utils = trpc.useUtils();
  const boxes = trpc.mailboxes.list.useQuery(undefined, { refetchInterval: 10_000 });
  const domains = trpc.mailboxes.domains.useQuery();
  const [localPart, setLocalPart] = useState("");
  const [domain, setDomain] = useState("");
  const [lifetime, setLifetime] = useState("");
  const create = trpc.mailboxes.create.useMutation({
    onSuccess: async () => {
      setLocalPart("");
      await utils.mailboxes.list.invalidate();
    },
  });
  const remove = trpc.mailboxes.delete.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.mailboxes.list.invalidate(), utils.messages.list.invalidate()]);
    },
  });
  const errors = fieldErrors(create.error);
  const chosenDomain = domain || domains.data?.defaultDomain || "";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ localPart: localPart.trim() || undefined, domain: chosenDomain || undefined, expiresInHours: lifetime === "" ? undefined : Number(lifetime) });
  };

  return (
    <section className="card stack" aria-labelledby="mailboxes-heading">
      <h2 id="mailboxes-heading">Your mailboxes</h2>
      <form className="row" onSubmit={onSubmit} noValidate>
        <Field label="Name (optional)" placeholder="random" value={localPart} onChange={(e) => { setLocalPart(e.target.value); }} error={errors.localPart} autoComplete="off" />
        <div className="field">
          <label htmlFor="mailbox-domain">Domain</label>
          <select id="mailbox-domain" value={chosenDomain} onChange={(e) => { setDomain(e.target.value); }} disabled={!domains.data?.domains.length}>
            {domains.data?.domains.map((d) => (
              <option key={d} value={d}>@{d}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="mailbox-lifetime">{expiryText.lifetime}</label>
          <select id="mailbox-lifetime" value={lifetime} onChange={(e) => { setLifetime(e.target.value); }} aria-invalid={errors.expiresInHours ? true : undefined}>
            {lifetimeOptions.map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
            <option value="">{expiryText.forever}</option>
          </select>
          {errors.expiresInHours && <span className="field-error" role="alert">{errors.expiresInHours}</span>}
        </div>
        <button className="button primary" type="submit" disabled={create.isPending || !chosenDomain}>
          {create.isPending ? "Creating…" : "Create mailbox"}
        </button>
      </form>
      <FormError error={create.error} />
      {remove.error && <p className="alert error" role="alert">{errorMessage(remove.error)}</p>}
      {boxes.isPending && <p className="muted" role="status">Loading…</p>}
      {boxes.isError && <p className="alert error" role="alert">{errorMessage(boxes.error)}</p>}
      {boxes.data?.length === 0 && <p className="empty">No mailboxes yet. Create one above, then use its address wherever you sign up.</p>}
      {boxes.data && boxes.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Mailboxes">
          {boxes.data.map((box) => (
            <li key={box.id} className="row" style={{ justifyContent: "space-between" }} data-testid="mailbox">
              <span className="row">
                <code className="token" data-testid="mailbox-address">{box.address}</code>
                {box.unread > 0 && <span className="badge ok">{box.unread} new</span>}
                <MailboxExpiry id={box.id} address={box.address} expiresAt={box.expiresAt} />
              </span>
              <span className="row">
                <CopyButton value={box.address} label="Copy address" />
                <Link className="button small" href={`/inbox?mailbox=${box.id}`}>Inbox</Link>
                <button
                  type="button"
                  className="button small danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete ${box.address} and all its messages? This cannot be undone.`)) remove.mutate({ id: box.id });
                  }}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
