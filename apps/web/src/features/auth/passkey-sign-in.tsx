"use client";

import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { apiMutation } from "@/lib/api-call";
import { errorCode } from "@/lib/errors";
import { canUsePasskeys, isPromptDismissed } from "@/lib/passkeys";

type Failure = "cancelled" | "failed" | "disabled" | null;

/**
 * "Sign in with a passkey": the browser offers the person's passkeys for this site (no e-mail
 * needed). The WebAuthn helper loads on the click, outside the page's first load.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useTranslations("auth");
  const supported = useSyncExternalStore(noChange, canUsePasskeys, () => false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  if (!supported) return null;
  const signIn = async () => {
    setPending(true);
    setFailure(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const { ceremonyId, options } = await apiMutation("auth.passkeyOptions", undefined);
      // The server's and the browser helper's option types describe the same JSON; only their buffer typings differ.
      const response = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      await apiMutation("auth.passkeyLogin", { ceremonyId, response });
      onSignedIn();
    } catch (error) {
      if (isPromptDismissed(error)) setFailure("cancelled");
      else if (errorCode(error) === "forbidden") setFailure("disabled");
      else setFailure("failed");
      setPending(false);
    }
  };
  return (
    <div className="stack">
      {failure && (
        <p className="alert error" role="alert">
          {failure === "cancelled" ? t("passkeyCancelled") : failure === "disabled" ? t("accountDisabled") : t("passkeyFailed")}
        </p>
      )}
      <button className="button" type="button" disabled={pending} onClick={() => void signIn()}>
        {pending ? t("passkeySigningIn") : t("passkeySignIn")}
      </button>
    </div>
  );
}

const noChange = () => () => undefined;
