"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { useErrorText } from "@/lib/errors";
import { canUsePasskeys, isPromptDismissed } from "@/lib/passkeys";
import { trpc } from "@/lib/trpc";

const noChange = () => () => undefined;

type Notice = { kind: "ok" | "error"; text: string } | null;

/** The account's passkeys with their last use; add one from this device, remove any but the last way in. */
export function PasskeysList() {
  const t = useTranslations("account.passkeys");
  const common = useTranslations("common");
  const format = useFormatter();
  const errorText = useErrorText();
  const supported = useSyncExternalStore(noChange, canUsePasskeys, () => true);
  const utils = trpc.useUtils();
  const passkeys = trpc.account.passkeys.list.useQuery();
  const options = trpc.account.passkeys.registrationOptions.useMutation();
  const register = trpc.account.passkeys.register.useMutation();
  const remove = trpc.account.passkeys.remove.useMutation({ onSettled: () => utils.account.passkeys.list.invalidate() });
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });

  const add = async () => {
    setAdding(true);
    setNotice(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const started = await options.mutateAsync();
      const response = await startRegistration({ optionsJSON: started.options });
      await register.mutateAsync({ ceremonyId: started.ceremonyId, response });
      setNotice({ kind: "ok", text: t("added") });
      await utils.account.passkeys.list.invalidate();
    } catch (error) {
      setNotice({ kind: "error", text: isPromptDismissed(error) ? t("cancelled") : errorText.message(error) });
    } finally {
      setAdding(false);
    }
  };

  const removeError = remove.error ? errorText.message(remove.error, { conflict: t("lastMethod") }) : null;
  return (
    <section className="card stack" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      {passkeys.isPending && <p className="muted" role="status">{common("loading")}</p>}
      {passkeys.isError && (
        <p className="alert error" role="alert">
          {errorText.message(passkeys.error)}{" "}
          <button className="button small" type="button" onClick={() => void passkeys.refetch()}>{common("tryAgain")}</button>
        </p>
      )}
      {notice && <p className={`alert ${notice.kind}`} role={notice.kind === "ok" ? "status" : "alert"}>{notice.text}</p>}
      {removeError && <p className="alert error" role="alert">{removeError}</p>}
      {passkeys.data && passkeys.data.length === 0 && <p className="empty">{t("none")}</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("heading")}>
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }} data-testid="passkey">
              <span className="stack" style={{ gap: 2 }}>
                <span className="row">
                  <strong>{passkey.name}</strong>
                  {passkey.backedUp && <span className="badge">{t("synced")}</span>}
                </span>
                <span className="muted">{t("times", { created: when(passkey.createdAt), lastUsed: passkey.lastUsedAt ? when(passkey.lastUsedAt) : t("neverUsed") })}</span>
              </span>
              <button type="button" className="button small" aria-label={t("removeLabel", { name: passkey.name })} disabled={remove.isPending} onClick={() => { remove.mutate({ id: passkey.id }); }}>
                {t("remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        {supported ? (
          <button type="button" className="button" disabled={adding} onClick={() => void add()}>
            {adding ? t("adding") : t("add")}
          </button>
        ) : (
          <p className="muted">{t("unsupported")}</p>
        )}
      </div>
    </section>
  );
}
