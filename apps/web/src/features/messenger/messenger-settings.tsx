"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { CopyButton } from "@/components/copy-button";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";
import { PageHeader } from "@/components/page-header";

function useSecondsLeft(until: Date | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [until]);
  return until ? Math.max(0, Math.ceil((until.getTime() - now) / 1000)) : 0;
}

function formatCountdown(seconds: number): string {
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, "0")}`;
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;
const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** The user's Telegram binding: bind a chat with a one-time code, pause, test and unbind. */
export function MessengerSettings() {
  const t = useTranslations("messenger.settings");
  const common = useTranslations("common");
  const utils = trpc.useUtils();
  const [binding, setBinding] = useState<{ code: string; expiresAt: Date; deepLink: string | null } | null>(null);
  const secondsLeft = useSecondsLeft(binding?.expiresAt ?? null);
  const waitingForBot = binding !== null && secondsLeft > 0;
  // While a code is out, look for the binding every few seconds so the page updates by itself.
  const status = trpc.messenger.status.useQuery(undefined, { refetchInterval: waitingForBot ? 2000 : false, refetchOnWindowFocus: true });
  const refresh = () => utils.messenger.status.invalidate();
  const create = trpc.messenger.createBindingCode.useMutation({ onSuccess: (data) => { setBinding(data); } });
  const pause = trpc.messenger.pause.useMutation({ onSuccess: refresh });
  const resume = trpc.messenger.resume.useMutation({ onSuccess: refresh });
  const unbind = trpc.messenger.unbind.useMutation({ onSuccess: refresh });
  const sendTest = trpc.messenger.sendTest.useMutation();

  // A new binding (also of another chat while one is bound) uses the code up: hide it.
  const boundAt = status.data?.chat?.boundAt.getTime();
  useEffect(() => {
    if (boundAt !== undefined) setBinding(null);
  }, [boundAt]);

  const actionError = [pause.error, resume.error, unbind.error].find(Boolean);
  const chatLabel = (chat: { type: string; title: string | null }) => {
    const kind = t("chatKind", { type: chat.type });
    return chat.title ? t("chat", { title: chat.title, kind }) : kind;
  };

  return (
    <>
      <PageHeader title={t("title")} intro={t("intro")} />
      {status.isPending && <p className="muted" role="status">{t("loading")}</p>}
      {status.isError && (
        <ErrorAlert error={status.error}>
          {" "}<button className="button small" type="button" onClick={() => void status.refetch()}>{common("tryAgain")}</button>
        </ErrorAlert>
      )}
      {status.data && !status.data.configured && (
        <section className="card empty">
          <h2>{t("notSetUpHeading")}</h2>
          <p>{t("notSetUp")}</p>
        </section>
      )}
      {status.data?.configured && !status.data.enabled && (
        <section className="card empty">
          <h2>{t("offHeading")}</h2>
          <p>{status.data.serviceEnabled ? t("offForYou") : t("offForService")}</p>
        </section>
      )}
      {status.data?.configured && status.data.enabled && (
        <div className="stack">
          <section className="card stack" aria-labelledby="messenger-chat">
            <h2 id="messenger-chat">{t("chatHeading")}</h2>
            {status.data.chat ? (
              <>
                <p data-testid="messenger-bound">
                  {t.rich("bound", { chat: chatLabel(status.data.chat), since: status.data.chat.boundAt, strong })}{" "}
                  <span className={`badge ${status.data.paused ? "warn" : "ok"}`}>{status.data.paused ? t("paused") : t("on")}</span>
                </p>
                <div className="row">
                  {status.data.paused ? (
                    <button className="button" type="button" disabled={resume.isPending} onClick={() => { resume.mutate(); }}>{t("resume")}</button>
                  ) : (
                    <button className="button" type="button" disabled={pause.isPending} onClick={() => { pause.mutate(); }}>{t("pause")}</button>
                  )}
                  <button className="button" type="button" disabled={sendTest.isPending || status.data.paused} onClick={() => { sendTest.mutate(); }}>
                    {sendTest.isPending ? t("sending") : t("sendTest")}
                  </button>
                  <button className="button danger" type="button" disabled={unbind.isPending} onClick={() => { unbind.mutate(); }}>{t("unbind")}</button>
                </div>
                {sendTest.isSuccess && <p className="alert ok" role="status">{t("testSent")}</p>}
                {sendTest.error && <ErrorAlert error={sendTest.error} />}
              </>
            ) : (
              <p className="muted" data-testid="messenger-unbound">{t("unbound")}</p>
            )}
            {actionError && <ErrorAlert error={actionError} />}
          </section>

          <section className="card stack" aria-labelledby="messenger-code">
            <h2 id="messenger-code">{status.data.chat ? t("bindAnother") : t("bind")}</h2>
            <p className="muted">
              {status.data.botUsername ? t.rich("codeHelpBot", { bot: status.data.botUsername, code, strong }) : t.rich("codeHelp", { code })}
            </p>
            <div className="row">
              <button className="button primary" type="button" disabled={create.isPending} onClick={() => { create.mutate(); }}>
                {create.isPending ? t("generating") : binding ? t("generateNew") : t("generate")}
              </button>
            </div>
            {create.error && <ErrorAlert error={create.error} />}
            {binding && secondsLeft > 0 && (
              <div className="alert ok stack" role="status" aria-label={t("codeLabel")}>
                <p className="row">
                  <code className="token" data-testid="binding-code">{binding.code}</code>
                  <CopyButton value={`/start ${binding.code}`} label={t("copyCommand")} />
                  <span>
                    {t.rich("expiresIn", {
                      time: formatCountdown(secondsLeft),
                      countdown: (chunks) => <span data-testid="binding-countdown">{chunks}</span>,
                    })}
                  </span>
                </p>
                {binding.deepLink ? (
                  <p>
                    {t.rich("orOpen", {
                      url: binding.deepLink,
                      link: (chunks) => <a href={binding.deepLink ?? undefined} target="_blank" rel="noreferrer">{chunks}</a>,
                    })}
                  </p>
                ) : (
                  <p className="muted">{t.rich("sendCommand", { binding: binding.code, code })}</p>
                )}
                <p className="muted">{t("waiting")}</p>
              </div>
            )}
            {binding && secondsLeft === 0 && <p className="alert error" role="alert">{t("expired")}</p>}
          </section>
        </div>
      )}
    </>
  );
}
