"use client";

import { passwordMinLength } from "@mailroom/api/shared";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { AuthCard } from "@/components/auth-card";
import { Field } from "@/components/field";
import { OAuthButtons } from "@/features/auth/oauth-buttons";
import { useEnterApp } from "@/features/auth/use-enter-app";
import { fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";

function RegisterForm() {
  const params = useSearchParams();
  const { next, enter } = useEnterApp();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [inviteCode, setInviteCode] = useState(params.get("invite") ?? "");
  const register = trpc.auth.register.useMutation({ onSuccess: ({ user }) => { enter(user); } });
  const errors = fieldErrors(register.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ email, password, inviteCode });
  };
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already registered? <Link href={`/login?next=${encodeURIComponent(next)}`}>Sign in</Link>
        </>
      }
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError error={register.error} />
        <Field label="Invite code" name="inviteCode" autoComplete="off" required value={inviteCode} onChange={(e) => { setInviteCode(e.target.value); }} error={errors.inviteCode} hint="Registration is by invitation. Ask an administrator for a code." />
        <Field label="E-mail" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => { setEmail(e.target.value); }} error={errors.email} />
        <Field label="Password" type="password" name="password" autoComplete="new-password" required minLength={passwordMinLength} value={password} onChange={(e) => { setPassword(e.target.value); }} error={errors.password} hint={`At least ${passwordMinLength} characters.`} />
        <button className="button primary" type="submit" disabled={register.isPending}>
          {register.isPending ? "Creating account…" : "Create account"}
        </button>
      </form>
      <OAuthButtons next={next} intro="or sign up with" />
    </AuthCard>
  );
}

export default function RegisterPage() {
  return (
    <Suspense>
      <RegisterForm />
    </Suspense>
  );
}
