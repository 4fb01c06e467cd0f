"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** The user's signed-in sessions (device, address, times), each other one can be signed out. */
export function SessionsList() {
  const t = useTranslations("account.sessions");
  const common = useTranslations("common");
  const format = useFormatter();
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  const refresh = () => utils.account.sessions.invalidate();
  const revoke = trpc.account.revokeSession.useMutation({ onSettled: refresh });
  const revokeOthers = trpc.account.revokeOtherSessions.useMutation({ onSettled: refresh });
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section className="card stack" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      {sessions.isPending && <p className="muted" role="status">{common("loading")}</p>}
      {sessions.isError && (
        <p className="alert error" role="alert">
          {errorText.message(sessions.error)}{" "}
          <button className="button small" type="button" onClick={() => void sessions.refetch()}>{common("tryAgain")}</button>
        </p>
      )}
      {revoke.error && <p className="alert error" role="alert">{errorText.message(revoke.error)}</p>}
      {revokeOthers.error && <p className="alert error" role="alert">{errorText.message(revokeOthers.error)}</p>}
      {revokeOthers.data && <p className="alert ok" role="status">{t("revoked", { count: revokeOthers.data.revoked })}</p>}
      {sessions.data && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("heading")}>
          {sessions.data.map((session) => {
            const device = session.device ?? t("unknownDevice");
            return (
              <li key={session.id} className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }} data-testid="session">
                <span className="stack" style={{ gap: 2 }}>
                  <span className="row">
                    <strong>{device}</strong>
                    {session.current && <span className="badge ok">{t("thisDevice")}</span>}
                  </span>
                  <span className="muted">
                    {t("times", { ip: session.ip ?? t("unknownIp"), signedIn: when(session.createdAt), lastSeen: when(session.lastSeenAt) })}
                  </span>
                </span>
                {!session.current && (
                  <button type="button" className="button small" aria-label={t("revokeLabel", { device })} disabled={revoke.isPending} onClick={() => { revoke.mutate({ id: session.id }); }}>
                    {t("revoke")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions.data && others.length === 0 && <p className="empty">{t("none")}</p>}
      {others.length > 0 && (
        <div>
          <button type="button" className="button" disabled={revokeOthers.isPending} onClick={() => { revokeOthers.mutate(); }}>
            {t("revokeOthers")}
          </button>
        </div>
      )}
    </section>
  );
}
