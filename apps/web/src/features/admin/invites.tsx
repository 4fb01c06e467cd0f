"use client";

import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";

const statusLabel = { active: "Active", disabled: "Disabled", expired: "Expired", used_up: "Used up" } as const;

export function InvitesAdmin() {
  const utils = trpc.useUtils();
  const invites = trpc.admin.invites.list.useQuery();
  const [count, setCount] = useState("1");
  const [maxUses, setMaxUses] = useState("1");
  const [expiresDays, setExpiresDays] = useState("");
  const [role, setRole] = useState<"user" | "admin">("user");
  const create = trpc.admin.invites.create.useMutation({ onSuccess: () => utils.admin.invites.list.invalidate() });
  const disable = trpc.admin.invites.disable.useMutation({ onSuccess: () => utils.admin.invites.list.invalidate() });
  const errors = useErrorText().fields(create.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(expiresDays);
    create.mutate({
      count: Number(count),
      maxUses: Number(maxUses),
      role,
      expiresAt: expiresDays ? new Date(Date.now() + days * 86_400_000) : null,
    });
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Invites</h1>
          <p className="muted">Registration needs an invite code. Codes are shown once, when they are created.</p>
        </div>
      </div>
      <section className="card stack" aria-labelledby="new-invites">
        <h2 id="new-invites">New invite codes</h2>
        <form className="row" onSubmit={onSubmit} noValidate>
          <Field label="How many" type="number" min={1} max={100} value={count} onChange={(e) => { setCount(e.target.value); }} error={errors.count} />
          <Field label="Uses per code" type="number" min={1} value={maxUses} onChange={(e) => { setMaxUses(e.target.value); }} error={errors.maxUses} />
          <Field label="Expires in days" type="number" min={1} placeholder="never" value={expiresDays} onChange={(e) => { setExpiresDays(e.target.value); }} error={errors.expiresAt} />
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" value={role} onChange={(e) => { setRole(e.target.value === "admin" ? "admin" : "user"); }}>
              <option value="user">User</option>
              <option value="admin">Administrator</option>
            </select>
          </div>
          <button className="button primary" type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create codes"}
          </button>
        </form>
        <FormError error={create.error} />
        {create.data && (
          <div className="alert ok" role="status" aria-label="New invite codes">
            <p>Copy these now; they will not be shown again.</p>
            <ul>
              {create.data.codes.map((code) => (
                <li key={code} className="row">
                  <code className="token" data-testid="invite-code">{code}</code>
                  <CopyButton value={code} />
                  <CopyButton value={`${window.location.origin}/register?invite=${encodeURIComponent(code)}`} label="Copy link" />
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <h2 style={{ marginTop: "2rem" }}>All codes</h2>
      {invites.isPending && <p className="muted" role="status">Loading…</p>}
      {invites.isError && <ErrorAlert error={invites.error} />}
      {invites.data?.length === 0 && <p className="card empty">No invite codes yet. Create one above.</p>}
      {invites.data && invites.data.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Role</th>
              <th scope="col">Uses</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">Redeemed by</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {invites.data.map((invite) => (
              <tr key={invite.id}>
                <td><code className="token">{invite.hint}…</code></td>
                <td>{invite.role}</td>
                <td>{invite.usedCount} / {invite.maxUses}</td>
                <td>{invite.expiresAt ? invite.expiresAt.toLocaleDateString() : "Never"}</td>
                <td><span className={`badge ${invite.status === "active" ? "ok" : "warn"}`}>{statusLabel[invite.status]}</span></td>
                <td>{invite.redeemedBy.map((r) => r.email).join(", ") || <span className="muted">—</span>}</td>
                <td>
                  {invite.status === "active" && (
                    <button className="button small danger" type="button" disabled={disable.isPending} onClick={() => { disable.mutate({ id: invite.id }); }}>
                      Disable
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
