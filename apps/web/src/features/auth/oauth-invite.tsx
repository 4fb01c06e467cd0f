"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { OAuthButtons } from "@/features/auth/oauth-buttons";
import { useEnterApp } from "@/features/auth/use-enter-app";
import { errorCode, errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

function StartAgain({ message }: { message: string }) {
  return (
    <div className="stack">
      <p className="alert error" role="alert">
        {message}
      </p>
      <OAuthButtons next="/dashboard" intro="Start again" />
    </div>
  );
}

/** Step two of a new third-party user's quick login: who is signing up, and their invite code. */
export function OAuthInvite({ provider, ticket }: { provider: string; ticket: string }) {
  const { enter } = useEnterApp();
  const [inviteCode, setInviteCode] = useState("");
  const pending = trpc.auth.oauth.ticket.useQuery({ ticket }, { retry: false, refetchOnWindowFocus: false });
  const providers = trpc.auth.oauth.providers.useQuery(undefined, { staleTime: 60_000 });
  const finalize = trpc.auth.oauth.finalize.useMutation({ onSuccess: ({ user, redirectTo }) => { enter(user, redirectTo); } });

  if (pending.isPending) {
    return (
      <p className="muted" role="status">
        Checking your sign-in…
      </p>
    );
  }
  if (pending.isError) {
    return errorCode(pending.error) === "oauth_ticket_invalid" ? (
      <StartAgain message="OAuth ticket is invalid: this sign-in has expired (after 15 minutes) or was already finished. Please start again." />
    ) : (
      <p className="alert error" role="alert">
        {errorMessage(pending.error)}
      </p>
    );
  }
  if (errorCode(finalize.error) === "oauth_ticket_invalid") {
    return <StartAgain message="OAuth ticket is invalid: this sign-in has expired or can no longer be finished. Please start again." />;
  }

  const label = providers.data?.find((p) => p.id === pending.data.provider)?.label ?? pending.data.provider;
  const who = pending.data.name ? `${pending.data.name} (${pending.data.email})` : pending.data.email;
  const errors = fieldErrors(finalize.error);
  const inviteError = errors.inviteCode ?? (errorCode(finalize.error) === "invite_code_invalid" ? errorMessage(finalize.error) : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    finalize.mutate({ provider, ticket, inviteCode });
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <p data-testid="oauth-invite-who">
        Finishing sign-up with {label} for <strong>{who}</strong>.
      </p>
      <p className="muted">New accounts need an invite code. Ask an administrator for one.</p>
      {finalize.error && !inviteError && (
        <p className="alert error" role="alert">
          {errorMessage(finalize.error)}
        </p>
      )}
      <Field label="Invite code" name="inviteCode" autoComplete="off" required value={inviteCode} onChange={(e) => { setInviteCode(e.target.value); }} error={inviteError} />
      <button className="button primary" type="submit" disabled={finalize.isPending}>
        {finalize.isPending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
