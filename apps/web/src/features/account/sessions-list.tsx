"use client";

import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { text } from "./strings";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The user's signed-in sessions (device, address, times), each other one can be signed out. */
export function SessionsList() {
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  const refresh = () => utils.account.sessions.invalidate();
  const revoke = trpc.account.revokeSession.useMutation({ onSettled: refresh });
  const revokeOthers = trpc.account.revokeOtherSessions.useMutation({ onSettled: refresh });
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section className="card stack" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{text.sessions.heading}</h2>
      <p className="muted">{text.sessions.intro}</p>
      {sessions.isPending && <p className="muted" role="status">{text.loading}</p>}
      {sessions.isError && (
        <p className="alert error" role="alert">
          {errorText.message(sessions.error)}{" "}
          <button className="button small" type="button" onClick={() => void sessions.refetch()}>{text.tryAgain}</button>
        </p>
      )}
      {revoke.error && <p className="alert error" role="alert">{errorText.message(revoke.error)}</p>}
      {revokeOthers.error && <p className="alert error" role="alert">{errorText.message(revokeOthers.error)}</p>}
      {revokeOthers.data && <p className="alert ok" role="status">{text.sessions.revoked(revokeOthers.data.revoked)}</p>}
      {sessions.data && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={text.sessions.heading}>
          {sessions.data.map((session) => {
            const device = session.device ?? text.sessions.unknownDevice;
            return (
              <li key={session.id} className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }} data-testid="session">
                <span className="stack" style={{ gap: 2 }}>
                  <span className="row">
                    <strong>{device}</strong>
                    {session.current && <span className="badge ok">{text.sessions.thisDevice}</span>}
                  </span>
                  <span className="muted">
                    {session.ip ?? text.sessions.unknownIp} · {text.sessions.signedIn(dateFormat.format(session.createdAt))}, {text.sessions.lastSeen(dateFormat.format(session.lastSeenAt))}
                  </span>
                </span>
                {!session.current && (
                  <button type="button" className="button small" aria-label={text.sessions.revokeLabel(device)} disabled={revoke.isPending} onClick={() => { revoke.mutate({ id: session.id }); }}>
                    {text.sessions.revoke}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions.data && others.length === 0 && <p className="empty">{text.sessions.none}</p>}
      {others.length > 0 && (
        <div>
          <button type="button" className="button" disabled={revokeOthers.isPending} onClick={() => { revokeOthers.mutate(); }}>
            {text.sessions.revokeOthers}
          </button>
        </div>
      )}
    </section>
  );
}
