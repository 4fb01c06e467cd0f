"use client";

import { AccountSelfService } from "./self-service";
import { useFormatter, useTranslations } from "next-intl";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "@/components/page-header";

function ConnectedIdentities() {
  const t = useTranslations("account");
  const common = useTranslations("common");
  const format = useFormatter();
  const errors = useErrorText();
  const identities = trpc.auth.oauth.identities.useQuery();
  if (identities.isPending) {
    return (
      <p className="muted" role="status">
        {t("loadingConnected")}
      </p>
    );
  }
  if (identities.isError) {
    return (
      <p className="alert error" role="alert">
        {errors.message(identities.error)}{" "}
        <button className="button small" type="button" onClick={() => void identities.refetch()}>
          {common("tryAgain")}
        </button>
      </p>
    );
  }
  if (identities.data.length === 0) {
    return <p className="empty">{t("noConnected")}</p>;
  }
  return (
    <table className="list cards">
      <thead>
        <tr>
          <th scope="col">{t("provider")}</th>
          <th scope="col">{t("login")}</th>
          <th scope="col">{t("email")}</th>
          <th scope="col">{t("connectedAt")}</th>
        </tr>
      </thead>
      <tbody>
        {identities.data.map((identity) => (
          <tr key={identity.id} data-testid="identity">
            <td data-label={t("provider")}>{identity.label}</td>
            <td data-label={t("login")}>{identity.login ?? identity.name ?? common("empty")}</td>
            <td data-label={t("email")}>{identity.email ?? common("empty")}</td>
            <td data-label={t("connectedAt")}>{format.dateTime(identity.createdAt, { dateStyle: "medium" })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AccountScreen() {
  const t = useTranslations("account");
  const common = useTranslations("common");
  const format = useFormatter();
  const session = trpc.auth.session.useQuery();
  const user = session.data;
  return (
    <div className="stack">
      <PageHeader title={t("title")} intro={t("intro")} />
      <section className="card stack">
        {user ? (
          <dl className="stack">
            <div>
              <dt className="muted">{t("email")}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt className="muted">{t("role")}</dt>
              <dd>{t(`roles.${user.role}`)}</dd>
            </div>
            <div>
              <dt className="muted">{t("memberSince")}</dt>
              <dd>{format.dateTime(user.createdAt, { dateStyle: "medium" })}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted" role="status">
            {common("loading")}
          </p>
        )}
        <h2>{t("connected")}</h2>
        <ConnectedIdentities />
      </section>
      {user && <AccountSelfService email={user.email} />}
    </div>
  );
}
