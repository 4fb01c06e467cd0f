"use client";

import { useTranslations } from "next-intl";

const reasons = ["state_invalid", "email_unavailable", "forum_email_required", "provider_error", "account_disabled", "provider_not_configured"] as const;
type Reason = (typeof reasons)[number];

function isReason(value: string): value is Reason {
  return (reasons as readonly string[]).includes(value);
}

/** The notice for `/login?oauth_error=…`, set by the OAuth callback when a quick login failed. */
export function OAuthErrorNotice({ reason }: { reason: string | null }) {
  const t = useTranslations("auth.oauthErrors");
  if (!reason) return null;
  return (
    <p className="alert error" role="alert" data-testid="oauth-error">
      {isReason(reason) ? t(reason) : t("other")}
    </p>
  );
}
