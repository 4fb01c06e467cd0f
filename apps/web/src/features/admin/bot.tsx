"use client";

import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";

function Result({ error, children }: { error: unknown; children: ReactNode }) {
  if (error) return <ErrorAlert error={error} />;
  return children ? <div className="alert ok" role="status">{children}</div> : null;
}

export function BotAdmin() {
  const info = trpc.admin.messenger.webhookInfo.useQuery(undefined, { retry: false });
  const refresh = () => info.refetch();
  const configure = trpc.admin.messenger.configureWebhook.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.messenger.deleteWebhook.useMutation({ onSuccess: refresh });
  const menu = trpc.admin.messenger.setBotMenu.useMutation();

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Bot</h1>
          <p className="muted">Register this environment&apos;s webhook with Telegram, check it, and set the bot&apos;s command menu.</p>
        </div>
      </div>
      <div className="stack">
        <section className="card stack" aria-labelledby="webhook-status">
          <h2 id="webhook-status">Webhook status</h2>
          {info.isPending && <p className="muted" role="status">Loading…</p>}
          {info.isError && <ErrorAlert error={info.error} />}
          {info.data && (
            <dl className="stack">
              <div>
                <dt>Health</dt>
                <dd>
                  <span className={`badge ${info.data.healthy ? "ok" : "warn"}`} data-testid="webhook-health">{info.data.healthy ? "Healthy" : "Unhealthy"}</span>
                </dd>
              </div>
              <div>
                <dt>Registered URL</dt>
                <dd><code>{info.data.url || "(none)"}</code></dd>
              </div>
              <div>
                <dt>Expected URL</dt>
                <dd><code>{info.data.expectedUrl}</code></dd>
              </div>
              <div>
                <dt>Pending updates</dt>
                <dd>{info.data.pending_update_count ?? 0}</dd>
              </div>
              {info.data.last_error_message && (
                <div>
                  <dt>Last error</dt>
                  <dd className="field-error">
                    {info.data.last_error_message}
                    {info.data.last_error_date ? ` (${new Date(info.data.last_error_date * 1000).toLocaleString()})` : ""}
                  </dd>
                </div>
              )}
            </dl>
          )}
          <div className="row">
            <button className="button small" type="button" disabled={info.isFetching} onClick={() => void refresh()}>
              {info.isFetching ? "Checking…" : "Check webhook"}
            </button>
          </div>
        </section>

        <section className="card stack" aria-labelledby="webhook-actions">
          <h2 id="webhook-actions">Webhook</h2>
          <p className="muted">Configure registers this API&apos;s <code>/api/messenger/webhook</code> with the secret and drops pending updates. Delete clears it.</p>
          <div className="row">
            <button className="button primary" type="button" disabled={configure.isPending} onClick={() => { configure.mutate(); }}>
              {configure.isPending ? "Configuring…" : "Configure webhook"}
            </button>
            <button className="button danger" type="button" disabled={remove.isPending} onClick={() => { remove.mutate(); }}>
              {remove.isPending ? "Deleting…" : "Delete webhook"}
            </button>
          </div>
          <Result error={configure.error}>
            {configure.data && (
              <>
                Webhook set to <code>{configure.data.url}</code>.{configure.data.note ? ` ${configure.data.note}` : ""}
              </>
            )}
          </Result>
          <Result error={remove.error}>{remove.data && "Webhook deleted; pending updates were dropped."}</Result>
        </section>

        <section className="card stack" aria-labelledby="bot-menu">
          <h2 id="bot-menu">Command menu</h2>
          <p className="muted">Registers the bot&apos;s commands with Telegram and shows them behind the menu button.</p>
          <div className="row">
            <button className="button" type="button" disabled={menu.isPending} onClick={() => { menu.mutate(); }}>
              {menu.isPending ? "Setting…" : "Set bot menu"}
            </button>
          </div>
          <Result error={menu.error}>
            {menu.data && (
              <>
                Menu set with {menu.data.commands.length} commands:{" "}
                {menu.data.commands.map((c) => `/${c.command}`).join(", ")}
              </>
            )}
          </Result>
        </section>
      </div>
    </>
  );
}
