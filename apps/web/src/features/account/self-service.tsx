"use client";

import { DeleteAccount } from "./delete-account";
import { PasskeysList } from "./passkeys-list";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";

/** The account page's self-service part: password, passkeys, sessions, deletion. */
export function AccountSelfService({ email }: { email: string }) {
  return (
    <>
      <PasswordForm />
      <PasskeysList />
      <SessionsList />
      <DeleteAccount email={email} />
    </>
  );
}
