import type { OAuthProvider } from "@mailroom/db";

/** Why an OAuth round trip ended on the login page; the page shows a message for each. */
type OAuthErrorReason =
  | "state_invalid"
  | "provider_error"
  | "email_unavailable"
  | "forum_email_required"
  | "account_disabled"
  | "provider_not_configured";

export function loginErrorPath(reason: OAuthErrorReason): string {
  return `/login?oauth_error=${reason}`;
}

export function invitePromptPath(provider: OAuthProvider, ticket: string): string {
  return `/login?${new URLSearchParams({ oauth: "invite", provider, ticket }).toString()}`;
}
