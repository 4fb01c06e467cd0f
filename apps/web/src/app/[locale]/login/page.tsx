"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { AuthCard } from "@/components/auth-card";
import { Field } from "@/components/field";
import { OAuthButtons } from "@/features/auth/oauth-buttons";
import { OAuthErrorNotice } from "@/features/auth/oauth-error";
import { OAuthInvite } from "@/features/auth/oauth-invite";
import { useEnterApp } from "@/features/auth/use-enter-app";
import { fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { FormError } from "@/components/form-error";

function LoginForm() {
  const params = useSearchParams();
  const ticket = params.get("ticket");
  const provider = params.get("provider");
  if (params.get("oauth") === "invite" && ticket && provider) {
    return (
      <AuthCard title="Finish signing up" footer={<Link href="/login">Back to sign in</Link>}>
        <OAuthInvite provider={provider} ticket={ticket} />
      </AuthCard>
    );
  }
  return <PasswordLogin />;
}

function PasswordLogin() {
  const params = useSearchParams();
  const { next, enter } = useEnterApp();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = trpc.auth.login.useMutation({ onSuccess: ({ user }) => { enter(user); } });
  const errors = fieldErrors(login.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New here? <Link href={`/register?next=${encodeURIComponent(next)}`}>Register with an invite code</Link>
        </>
      }
    >
      <OAuthErrorNotice reason={params.get("oauth_error")} />
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError error={login.error} />
        <Field label="E-mail" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => { setEmail(e.target.value); }} error={errors.email} />
        <Field label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => { setPassword(e.target.value); }} error={errors.password} />
        <button className="button primary" type="submit" disabled={login.isPending}>
          {login.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <OAuthButtons next={next} />
    </AuthCard>
  );
}

export default function LoginPage() {
  return (
    <Suspense>
      <LoginForm />
    </Suspense>
  );
}
