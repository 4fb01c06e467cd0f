"use client";

import { sanitizeNextPath } from "@mailroom/api/shared";
import { useRouter, useSearchParams } from "next/navigation";

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
