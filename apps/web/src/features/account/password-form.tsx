"use client";

import { passwordMinLength } from "@mailroom/api/shared";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** Change password: the current one, the new one twice; other sessions end on the server. */
export function PasswordForm() {
  const t = useTranslations("account.password");
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const change = trpc.account.changePassword.useMutation({
    onSuccess: async () => {
      setCurrent("");
      setNext("");
      setAgain("");
      await utils.account.sessions.invalidate();
    },
  });
  const errors = errorText.fields(change.error);
  const edited = () => {
    setMismatch(false);
    change.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== again) {
      setMismatch(true);
      return;
    }
    change.mutate({ currentPassword: current, newPassword: next });
  };
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      <Field label={t("current")} hint={t("currentHint")} type="password" autoComplete="current-password" value={current} onChange={(e) => { setCurrent(e.target.value); edited(); }} error={errors.currentPassword} />
      <Field label={t("new")} hint={t("newHint", { minimum: passwordMinLength })} type="password" autoComplete="new-password" value={next} onChange={(e) => { setNext(e.target.value); edited(); }} error={errors.newPassword} />
      <Field label={t("confirm")} type="password" autoComplete="new-password" value={again} onChange={(e) => { setAgain(e.target.value); edited(); }} error={mismatch ? t("mismatch") : undefined} />
      <FormError error={change.error} />
      {change.isSuccess && <p className="alert ok" role="status">{t("done")}</p>}
      <div>
        <button className="button primary" type="submit" disabled={change.isPending}>
          {change.isPending ? t("submitting") : t("submit")}
        </button>
      </div>
    </form>
  );
}
