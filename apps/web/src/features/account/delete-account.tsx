"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

// An account with a lot of mail takes several calls; each picks up where the last stopped.
const maxRounds = 50;

/** Deleting the account, confirmed by typing its e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
  const t = useTranslations("account.deletion");
  const errorText = useErrorText();
  const [confirmation, setConfirmation] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const remove = trpc.account.delete.useMutation();
  const errors = errorText.fields(remove.error);
  const matches = confirmation.trim().toLowerCase() === email.toLowerCase();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setMismatch(true);
      return;
    }
    for (let round = 0; round < maxRounds; round++) {
      const result = await remove.mutateAsync({ confirmation }).catch(() => null);
      if (!result) return;
      if (result.done) {
        // A full page load: nothing of the deleted account stays in memory, and the signed-in
        // layout cannot race this with its own "signed out" redirect (which would add ?next=).
        window.location.replace("/login");
        return;
      }
    }
  };
  return (
    <form className="card stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t("heading")}</h2>
      <p>{t("intro")}</p>
      <Field
        label={t("confirm", { email })}
        autoComplete="off"
        value={confirmation}
        onChange={(e) => {
          setConfirmation(e.target.value);
          setMismatch(false);
          remove.reset();
        }}
        error={mismatch ? t("mismatch") : errors.confirmation}
      />
      <FormError error={remove.error} />
      <div>
        <button className="button danger" type="submit" disabled={remove.isPending}>
          {remove.isPending ? t("submitting") : t("submit")}
        </button>
      </div>
    </form>
  );
}
