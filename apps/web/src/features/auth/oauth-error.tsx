const messages: Record<string, string> = {
  state_invalid: "OAuth state is invalid. The sign-in link was already used or is older than 10 minutes. Please start again.",
  email_unavailable:
    "Your GitHub account has no verified e-mail address we can read. Add or verify an e-mail address there, then try again.",
  forum_email_required: "The forum e-mail is required: your forum account must share an e-mail address. Add one there, then try again.",
  provider_error: "The sign-in provider did not complete the sign-in (it refused or did not answer). Please try again.",
  account_disabled: "This account has been disabled. Contact an administrator.",
  provider_not_configured: "OAuth provider is not configured. Sign in with your e-mail and password instead.",
};

/** The notice for `/login?oauth_error=…`, set by the OAuth callback when a quick login failed. */
export function OAuthErrorNotice({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="alert error" role="alert" data-testid="oauth-error">
      {messages[reason] ?? "The quick login did not work. Please try again."}
    </p>
  );
}
