"use client";

import type { AppRouter } from "@mailroom/api";
import { sanitizeNextPath } from "@mailroom/api/shared";
import type { inferRouterOutputs } from "@trpc/server";
import { useRouter, useSearchParams } from "next/navigation";
import { trpc } from "@/lib/trpc";

type SignedInUser = NonNullable<inferRouterOutputs<AppRouter>["auth"]["session"]>;

/**
 * For the sign-in and sign-up forms: the sanitized `?next=` path, and `enter(user, to = next)`
 * for once the account is signed in.
 */
export function useEnterApp() {
  const params = useSearchParams();
  const router = useRouter();
  const utils = trpc.useUtils();
  const next = sanitizeNextPath(params.get("next"));
  const enter = (user: SignedInUser, to = next) => {
    // Seed the session cache so signed-in pages do not see the signed-out answer from before.
    utils.auth.session.setData(undefined, user);
    router.replace(to);
  };
  return { next, enter };
}
