"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/field";
import { FormError } from "@/components/form-error";
import { useErrorText } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { text } from "./strings";

// An account with a lot of mail takes several calls; each picks up where the last stopped.
const maxRounds = 50;

/** Deleting the account, confirmed by typing its e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
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
      <h2 id="delete-heading">{text.deletion.heading}</h2>
      <p>{text.deletion.intro}</p>
      <Field
        label={text.deletion.confirm(email)}
        autoComplete="off"
        value={confirmation}
        onChange={(e) => {
          setConfirmation(e.target.value);
          setMismatch(false);
          remove.reset();
        }}
        error={mismatch ? text.deletion.mismatch : errors.confirmation}
      />
      <FormError error={remove.error} />
      <div>
        <button className="button danger" type="submit" disabled={remove.isPending}>
          {remove.isPending ? text.deletion.submitting : text.deletion.submit}
        </button>
      </div>
    </form>
  );
}
