"use client";

import { sanitizeNextPath } from "@mailroom/api/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useApiQuery } from "@/lib/api-call";

/**
 * For the sign-in and sign-up forms: the sanitized `?next=` path, and `enter(to = next)` for once
 * the account is signed in. The signed-in pages' data client is created when they mount, so it
 * never holds a signed-out answer from before.
 */
export function useEnterApp() {
  const params = useSearchParams();
  const router = useRouter();
  const next = sanitizeNextPath(params.get("next"));
  const enter = (to = next) => {
    router.replace(to);
  };
  return { next, enter };
}

/**
 * For the sign-in and sign-up pages: someone already signed in is sent on (to `?next=` or the
 * dashboard) instead of being shown a form they do not need.
 */
export function useLeaveWhenSignedIn(): void {
  const router = useRouter();
  const { next } = useEnterApp();
  const session = useApiQuery("auth.session");
  const signedIn = session.status === "success" && session.data !== null;
  useEffect(() => {
    if (signedIn) router.replace(next);
  }, [signedIn, router, next]);
}
