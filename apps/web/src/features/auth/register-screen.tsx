"use client";

import { passwordMinLength } from "@mailroom/api/shared";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { AuthCard } from "@/components/auth-card";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { useApiMutation } from "@/lib/api-call";
import { OAuthButtons } from "./oauth-buttons";
import { useEnterApp, useLeaveWhenSignedIn } from "./use-enter-app";

function RegisterForm() {
  const t = useTranslations("auth");
  const params = useSearchParams();
  const { next, enter } = useEnterApp();
  useLeaveWhenSignedIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [inviteCode, setInviteCode] = useState(params.get("invite") ?? "");
  const register = useApiMutation("auth.register", () => { enter(); });
  const errors = useErrorText().fields(register.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ email, password, inviteCode });
  };
  return (
    <AuthCard
      title={t("registerTitle")}
      footer={t.rich("alreadyRegistered", { link: (chunks) => <a href={`/login?next=${encodeURIComponent(next)}`}>{chunks}</a> })}
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError error={register.error} fields={["inviteCode", "email", "password"]} />
        <Field label={t("inviteCode")} name="inviteCode" autoComplete="off" required value={inviteCode} onChange={(e) => { setInviteCode(e.target.value); }} error={errors.inviteCode} hint={t("inviteHint")} />
        <Field label={t("email")} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => { setEmail(e.target.value); }} error={errors.email} />
        <Field label={t("password")} type="password" name="password" autoComplete="new-password" required minLength={passwordMinLength} value={password} onChange={(e) => { setPassword(e.target.value); }} error={errors.password} hint={t("passwordHint", { minimum: passwordMinLength })} />
        <button className="button primary" type="submit" disabled={register.isPending}>
          {register.isPending ? t("creatingAccount") : t("createAccount")}
        </button>
      </form>
      <OAuthButtons next={next} intro={t("orSignUpWith")} />
    </AuthCard>
  );
}

export function RegisterScreen() {
  return (
    <Suspense>
      <RegisterForm />
    </Suspense>
  );
}
