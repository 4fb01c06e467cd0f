"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { AuthCard } from "@/components/auth-card";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useApiMutation } from "@/lib/api-call";
import { useErrorText } from "@/lib/errors";
import { useEnterApp, useLeaveWhenSignedIn } from "./use-enter-app";

// Only the step after a new user's third-party sign-in needs it: not part of the page's first load.
const OAuthInvite = lazy(() => import("./oauth-invite").then((m) => ({ default: m.OAuthInvite })));
// The other ways in load after the form (the sign-in page keeps to its first-load budget): the
// passkey button once the browser is known to support passkeys, the providers once they are fetched,
// a failed quick login's notice only when there is one.
const PasskeySignIn = lazy(() => import("./passkey-sign-in").then((m) => ({ default: m.PasskeySignIn })));
const OAuthButtons = lazy(() => import("./oauth-buttons").then((m) => ({ default: m.OAuthButtons })));
const OAuthErrorNotice = lazy(() => import("./oauth-error").then((m) => ({ default: m.OAuthErrorNotice })));

function LoginForm() {
  const t = useTranslations("auth");
  const params = useSearchParams();
  const ticket = params.get("ticket");
  const provider = params.get("provider");
  if (params.get("oauth") === "invite" && ticket && provider) {
    return (
      <AuthCard title={t("finishTitle")} footer={<a href="/login">{t("backToSignIn")}</a>}>
        <Suspense fallback={<p className="muted" role="status">{t("checkingSignIn")}</p>}>
          <OAuthInvite provider={provider} ticket={ticket} />
        </Suspense>
      </AuthCard>
    );
  }
  return <PasswordLogin />;
}

function PasswordLogin() {
  const t = useTranslations("auth");
  const params = useSearchParams();
  const { next, enter } = useEnterApp();
  useLeaveWhenSignedIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useApiMutation("auth.login", () => { enter(); });
  const errors = useErrorText().fields(login.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  return (
    <AuthCard
      title={t("signInTitle")}
      footer={t.rich("newHere", { link: (chunks) => <a href={`/register?next=${encodeURIComponent(next)}`}>{chunks}</a> })}
    >
      {params.has("oauth_error") && (
        <Suspense>
          <OAuthErrorNotice reason={params.get("oauth_error")} />
        </Suspense>
      )}
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError error={login.error} fields={["email", "password"]} texts={{ unauthorized: t("wrongCredentials"), forbidden: t("accountDisabled") }} />
        <Field label={t("email")} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => { setEmail(e.target.value); }} error={errors.email} />
        <Field label={t("password")} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => { setPassword(e.target.value); }} error={errors.password} />
        <button className="button primary" type="submit" disabled={login.isPending}>
          {login.isPending ? t("signingIn") : t("signIn")}
        </button>
      </form>
      <Suspense>
        <PasskeySignIn onSignedIn={enter} />
        <OAuthButtons next={next} />
      </Suspense>
    </AuthCard>
  );
}

export function LoginScreen() {
  return (
    <Suspense>
      <LoginForm />
    </Suspense>
  );
}
