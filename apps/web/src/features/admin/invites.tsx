"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { ErrorAlert } from "@/components/error-alert";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";
import { PageHeader } from "@/components/page-header";

export function InvitesAdmin() {
  const t = useTranslations("admin.invites");
  const admin = useTranslations("admin");
  const format = useFormatter();
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
      <PageHeader title={t("title")} intro={t("intro")} />
      <section className="card stack" aria-labelledby="new-invites">
        <h2 id="new-invites">{t("newHeading")}</h2>
        <form className="row" onSubmit={onSubmit} noValidate>
          <Field label={t("count")} type="number" min={1} max={100} value={count} onChange={(e) => { setCount(e.target.value); }} error={errors.count} />
          <Field label={t("maxUses")} type="number" min={1} value={maxUses} onChange={(e) => { setMaxUses(e.target.value); }} error={errors.maxUses} />
          <Field label={t("expiresDays")} type="number" min={1} placeholder={t("never")} value={expiresDays} onChange={(e) => { setExpiresDays(e.target.value); }} error={errors.expiresAt} />
          <div className="field">
            <label htmlFor="invite-role">{t("role")}</label>
            <select id="invite-role" value={role} onChange={(e) => { setRole(e.target.value === "admin" ? "admin" : "user"); }}>
              <option value="user">{admin("roles.user")}</option>
              <option value="admin">{admin("roles.admin")}</option>
            </select>
          </div>
          <button className="button primary" type="submit" disabled={create.isPending}>
            {create.isPending ? t("creating") : t("create")}
          </button>
        </form>
        <FormError error={create.error} />
        {create.data && (
          <div className="alert ok" role="status" aria-label={t("newHeading")}>
            <p>{t("copyNow")}</p>
            <ul>
              {create.data.codes.map((code) => (
                <li key={code} className="row">
                  <code className="token" data-testid="invite-code">{code}</code>
                  <CopyButton value={code} />
                  <CopyButton value={`${window.location.origin}/register?invite=${encodeURIComponent(code)}`} label={t("copyLink")} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <h2 style={{ marginTop: "2rem" }}>{t("allHeading")}</h2>
      {invites.isPending && <p className="muted" role="status">{admin("loading")}</p>}
      {invites.isError && <ErrorAlert error={invites.error} />}
      {invites.data?.length === 0 && <p className="card empty">{t("empty")}</p>}
      {invites.data && invites.data.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">{t("code")}</th>
              <th scope="col">{t("role")}</th>
              <th scope="col">{t("uses")}</th>
              <th scope="col">{t("expires")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("redeemedBy")}</th>
              <th scope="col"><span className="sr-only">{t("actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {invites.data.map((invite) => (
              <tr key={invite.id}>
                <td><code className="token">{invite.hint}…</code></td>
                <td data-label={t("role")}>{admin(`roles.${invite.role}`)}</td>
                <td data-label={t("uses")}>{invite.usedCount} / {invite.maxUses}</td>
                <td data-label={t("expires")}>{invite.expiresAt ? format.dateTime(invite.expiresAt, { dateStyle: "medium" }) : t("neverExpires")}</td>
                <td data-label={t("status")}><span className={`badge ${invite.status === "active" ? "ok" : "warn"}`}>{t(`statuses.${invite.status}`)}</span></td>
                <td data-label={t("redeemedBy")}>{invite.redeemedBy.map((r) => r.email).join(", ") || <span className="muted">—</span>}</td>
                <td>
                  {invite.status === "active" && (
                    <button className="button small danger" type="button" disabled={disable.isPending} onClick={() => { disable.mutate({ id: invite.id }); }}>
                      {t("disable")}
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
