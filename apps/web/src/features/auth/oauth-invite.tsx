"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { errorCode, useErrorText } from "@/lib/errors";
import { useApiMutation, useApiQuery } from "@/lib/api-call";
import { OAuthButtons } from "./oauth-buttons";
import { useEnterApp } from "./use-enter-app";

function StartAgain({ message }: { message: string }) {
  const t = useTranslations("auth");
  return (
    <div className="stack">
      <p className="alert error" role="alert">
        {message}
      </p>
      <OAuthButtons next="/dashboard" intro={t("startAgain")} />
    </div>
  );
}

/** Step two of a new third-party user's quick login: who is signing up, and their invite code. */
export function OAuthInvite({ provider, ticket }: { provider: string; ticket: string }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const { enter } = useEnterApp();
  const [inviteCode, setInviteCode] = useState("");
  const pending = useApiQuery("auth.oauth.ticket", { ticket });
  const providers = useApiQuery("auth.oauth.providers");
  const finalize = useApiMutation("auth.oauth.finalize", ({ redirectTo }) => { enter(redirectTo); });

  if (pending.status === "pending") {
    return (
      <p className="muted" role="status">
        {t("checkingSignIn")}
      </p>
    );
  }
  if (pending.status === "error") {
    return errorCode(pending.error) === "oauth_ticket_invalid" ? (
      <StartAgain message={t("ticketExpired")} />
    ) : (
      <p className="alert error" role="alert">
        {errorText.message(pending.error)}
      </p>
    );
  }
  if (errorCode(finalize.error) === "oauth_ticket_invalid") {
    return <StartAgain message={t("ticketGone")} />;
  }

  const label = (providers.status === "success" ? providers.data.find((p) => p.id === pending.data.provider)?.label : undefined) ?? pending.data.provider;
  const who = pending.data.name ? `${pending.data.name} (${pending.data.email})` : pending.data.email;
  const errors = errorText.fields(finalize.error);
  const inviteError = errors.inviteCode ?? (errorCode(finalize.error) === "invite_code_invalid" ? errorText.message(finalize.error) : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    finalize.mutate({ provider, ticket, inviteCode });
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <p data-testid="oauth-invite-who">{t.rich("finishingWith", { provider: label, who, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <p className="muted">{t("inviteNeeded")}</p>
      {finalize.error && !inviteError && (
        <p className="alert error" role="alert">
          {errorText.message(finalize.error)}
        </p>
      )}
      <Field label={t("inviteCode")} name="inviteCode" autoComplete="off" required value={inviteCode} onChange={(e) => { setInviteCode(e.target.value); }} error={inviteError} />
      <button className="button primary" type="submit" disabled={finalize.isPending}>
        {finalize.isPending ? t("creatingAccount") : t("createAccount")}
      </button>
    </form>
  );
}
