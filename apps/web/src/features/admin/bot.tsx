"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "@/components/page-header";

function Result({ error, children }: { error: unknown; children: ReactNode }) {
  if (error) return <ErrorAlert error={error} />;
  return children ? <div className="alert ok" role="status">{children}</div> : null;
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;

export function BotAdmin() {
  const t = useTranslations("messenger.bot");
  const format = useFormatter();
  const status = trpc.messenger.status.useQuery();
  // Without a token there is no bot to ask or to configure: the page says what to set instead.
  const configured = status.data?.configured === true;
  const info = trpc.admin.messenger.webhookInfo.useQuery(undefined, { retry: false, enabled: configured });
  const refresh = () => info.refetch();
  const configure = trpc.admin.messenger.configureWebhook.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.messenger.deleteWebhook.useMutation({ onSuccess: refresh });
  const menu = trpc.admin.messenger.setBotMenu.useMutation();

  return (
    <>
      <PageHeader title={t("title")} intro={t("intro")} />
      {status.data && !configured && (
        <section className="card stack" aria-labelledby="bot-missing">
          <h2 id="bot-missing">{t("notConfiguredHeading")}</h2>
          <p>{t.rich("notConfigured", { code })}</p>
        </section>
      )}
      <div className="stack" hidden={!configured}>
        <section className="card stack" aria-labelledby="webhook-status">
          <h2 id="webhook-status">{t("statusHeading")}</h2>
          {info.isLoading && <p className="muted" role="status">{t("loading")}</p>}
          {info.isError && <ErrorAlert error={info.error} />}
          {info.data && (
            <dl className="stack">
              <div>
                <dt>{t("health")}</dt>
                <dd>
                  <span className={`badge ${info.data.healthy ? "ok" : "warn"}`} data-testid="webhook-health">{info.data.healthy ? t("healthy") : t("unhealthy")}</span>
                </dd>
              </div>
              <div>
                <dt>{t("registeredUrl")}</dt>
                <dd><code>{info.data.url || t("none")}</code></dd>
              </div>
              <div>
                <dt>{t("expectedUrl")}</dt>
                <dd><code>{info.data.expectedUrl}</code></dd>
              </div>
              <div>
                <dt>{t("pending")}</dt>
                <dd>{format.number(info.data.pending_update_count ?? 0)}</dd>
              </div>
              {info.data.last_error_message && (
                <div>
                  <dt>{t("lastError")}</dt>
                  <dd className="field-error">
                    {info.data.last_error_date
                      ? t("lastErrorAt", { message: info.data.last_error_message, at: new Date(info.data.last_error_date * 1000) })
                      : info.data.last_error_message}
                  </dd>
                </div>
              )}
            </dl>
          )}
          <div className="row">
            <button className="button small" type="button" disabled={info.isFetching} onClick={() => void refresh()}>
              {info.isFetching ? t("checking") : t("check")}
            </button>
          </div>
        </section>

        <section className="card stack" aria-labelledby="webhook-actions">
          <h2 id="webhook-actions">{t("webhookHeading")}</h2>
          <p className="muted">{t.rich("webhookHelp", { code })}</p>
          <div className="row">
            <button className="button primary" type="button" disabled={configure.isPending} onClick={() => { configure.mutate(); }}>
              {configure.isPending ? t("configuring") : t("configure")}
            </button>
            <button className="button danger" type="button" disabled={remove.isPending} onClick={() => { remove.mutate(); }}>
              {remove.isPending ? t("deleting") : t("delete")}
            </button>
          </div>
          <Result error={configure.error}>
            {configure.data && (
              <>
                {t.rich("configured", { url: configure.data.url, code })}
                {!configure.data.secretSent && <> {t("noSecret")}</>}
              </>
            )}
          </Result>
          <Result error={remove.error}>{remove.data && t("deleted")}</Result>
        </section>

        <section className="card stack" aria-labelledby="bot-menu">
          <h2 id="bot-menu">{t("menuHeading")}</h2>
          <p className="muted">{t("menuHelp")}</p>
          <div className="row">
            <button className="button" type="button" disabled={menu.isPending} onClick={() => { menu.mutate(); }}>
              {menu.isPending ? t("setting") : t("setMenu")}
            </button>
          </div>
          <Result error={menu.error}>
            {menu.data && (
              t("menuSet", { count: menu.data.commands.length, commands: menu.data.commands.map((c) => `/${c.command}`).join(", ") })
            )}
          </Result>
        </section>
      </div>
    </>
  );
}
