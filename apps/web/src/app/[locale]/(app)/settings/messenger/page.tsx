"use client";

import { useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";

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
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function chatLabel(chat: { type: string; title: string | null }): string {
  const kind = chat.type === "private" ? "private chat" : chat.type;
  return chat.title ? `${chat.title} (${kind})` : kind;
}

export default function MessengerSettingsPage() {
  const utils = trpc.useUtils();
  const [code, setCode] = useState<{ code: string; expiresAt: Date; deepLink: string | null } | null>(null);
  const secondsLeft = useSecondsLeft(code?.expiresAt ?? null);
  const waitingForBot = code !== null && secondsLeft > 0;
  // While a code is out, look for the binding every few seconds so the page updates by itself.
  const status = trpc.messenger.status.useQuery(undefined, { refetchInterval: waitingForBot ? 2000 : false, refetchOnWindowFocus: true });
  const refresh = () => utils.messenger.status.invalidate();
  const create = trpc.messenger.createBindingCode.useMutation({ onSuccess: (data) => { setCode(data); } });
  const pause = trpc.messenger.pause.useMutation({ onSuccess: refresh });
  const resume = trpc.messenger.resume.useMutation({ onSuccess: refresh });
  const unbind = trpc.messenger.unbind.useMutation({ onSuccess: refresh });
  const sendTest = trpc.messenger.sendTest.useMutation();

  // A new binding (also of another chat while one is bound) uses the code up: hide it.
  const boundAt = status.data?.chat?.boundAt.getTime();
  useEffect(() => {
    if (boundAt !== undefined) setCode(null);
  }, [boundAt]);

  const actionError = [pause.error, resume.error, unbind.error].find(Boolean);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Messenger</h1>
          <p className="muted">Get a Telegram message for every new mail, with the verification code or link already picked out.</p>
        </div>
      </div>
      {status.isPending && <p className="muted" role="status">Loading…</p>}
      {status.isError && (
        <ErrorAlert error={status.error}>
          {" "}<button className="button small" type="button" onClick={() => void status.refetch()}>Try again</button>
        </ErrorAlert>
      )}
      {status.data && !status.data.configured && (
        <section className="card empty">
          <h2>The bot is not set up</h2>
          <p>This service has no Telegram bot configured yet. An administrator needs to set <code>MESSENGER_BOT_TOKEN</code>.</p>
        </section>
      )}
      {status.data?.configured && !status.data.enabled && (
        <section className="card empty">
          <h2>Messenger is switched off</h2>
          <p>{status.data.serviceEnabled ? "An administrator has switched the messenger off for your account." : "The messenger is switched off on this service."}</p>
        </section>
      )}
      {status.data?.configured && status.data.enabled && (
        <div className="stack">
          <section className="card stack" aria-labelledby="messenger-chat">
            <h2 id="messenger-chat">Your chat</h2>
            {status.data.chat ? (
              <>
                <p data-testid="messenger-bound">
                  Bound to <strong>{chatLabel(status.data.chat)}</strong> since {status.data.chat.boundAt.toLocaleString()}.{" "}
                  <span className={`badge ${status.data.paused ? "warn" : "ok"}`}>{status.data.paused ? "Notifications paused" : "Notifications on"}</span>
                </p>
                <div className="row">
                  {status.data.paused ? (
                    <button className="button" type="button" disabled={resume.isPending} onClick={() => { resume.mutate(); }}>Resume notifications</button>
                  ) : (
                    <button className="button" type="button" disabled={pause.isPending} onClick={() => { pause.mutate(); }}>Pause notifications</button>
                  )}
                  <button className="button" type="button" disabled={sendTest.isPending || status.data.paused} onClick={() => { sendTest.mutate(); }}>
                    {sendTest.isPending ? "Sending…" : "Send test notification"}
                  </button>
                  <button className="button danger" type="button" disabled={unbind.isPending} onClick={() => { unbind.mutate(); }}>Unbind</button>
                </div>
                {sendTest.isSuccess && <p className="alert ok" role="status">Test notification sent. Check your chat.</p>}
                {sendTest.error && <ErrorAlert error={sendTest.error} />}
              </>
            ) : (
              <p className="muted" data-testid="messenger-unbound">No chat is bound yet. Generate a binding code below and send it to the bot.</p>
            )}
            {actionError && <ErrorAlert error={actionError} />}
          </section>

          <section className="card stack" aria-labelledby="messenger-code">
            <h2 id="messenger-code">{status.data.chat ? "Bind another chat" : "Bind a chat"}</h2>
            <p className="muted">
              A binding code is valid for 15 minutes and works once. Send it to
              {status.data.botUsername ? <> <strong>@{status.data.botUsername}</strong></> : " the bot"} as <code>/start CODE</code>, in a private chat, a group or a channel the bot is in.
            </p>
            <div className="row">
              <button className="button primary" type="button" disabled={create.isPending} onClick={() => { create.mutate(); }}>
                {create.isPending ? "Generating…" : code ? "Generate a new code" : "Generate binding code"}
              </button>
            </div>
            {create.error && <ErrorAlert error={create.error} />}
            {code && secondsLeft > 0 && (
              <div className="alert ok stack" role="status" aria-label="Binding code">
                <p className="row">
                  <code className="token" data-testid="binding-code">{code.code}</code>
                  <CopyButton value={`/start ${code.code}`} label="Copy command" />
                  <span>Expires in <span data-testid="binding-countdown">{formatCountdown(secondsLeft)}</span></span>
                </p>
                {code.deepLink ? (
                  <p>
                    Or open <a href={code.deepLink} target="_blank" rel="noreferrer">{code.deepLink}</a> on a device with Telegram.
                  </p>
                ) : (
                  <p className="muted">Send <code>/start {code.code}</code> to the bot.</p>
                )}
                <p className="muted">Waiting for the bot… this page updates by itself.</p>
              </div>
            )}
            {code && secondsLeft === 0 && <p className="alert error" role="alert">The code has expired. Generate a new one.</p>}
          </section>
        </div>
      )}
    </>
  );
}
