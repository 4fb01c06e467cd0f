"use client";

import { DeleteAccount } from "./delete-account";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";

/** The account page's self-service part: password, sessions, deletion. */
export function AccountSelfService({ email }: { email: string }) {
  return (
    <>
      <PasswordForm />
      <SessionsList />
      <DeleteAccount email={email} />
    </>
  );
}
