/**
 * The settings the source spec makes secrets, grouped by the feature that needs them. They are put
 * with `npm run secrets` (remote) or `.dev.vars` (local) and never written into wrangler.toml.
 */
export const secretGroups = [
  {
    feature: "codehost login",
    required: ["CODEHOST_OAUTH_CLIENT_ID", "CODEHOST_OAUTH_CLIENT_SECRET", "CODEHOST_OAUTH_CALLBACK_URL"],
    optional: [],
  },
  {
    feature: "forum login",
    required: ["FORUM_OAUTH_CLIENT_ID", "FORUM_OAUTH_CLIENT_SECRET", "FORUM_OAUTH_CALLBACK_URL"],
    optional: [],
  },
  { feature: "messenger", required: ["MESSENGER_BOT_TOKEN", "MESSENGER_WEBHOOK_SECRET"], optional: [] },
  // Resend; the platform's sending (SEND_EMAIL) is a binding and needs no secret.
  { feature: "outbound mail", required: ["OUTBOUND_API_KEY"], optional: ["OUTBOUND_FROM", "OUTBOUND_EVENTS_SECRET"] },
  // Put once per environment and never changed: it seals the signing secrets of user webhooks.
  { feature: "webhook signing", required: ["WEBHOOK_SECRET_KEY"], optional: [] },
] as const;

export const secretNames: readonly string[] = secretGroups.flatMap((g) => [...g.required, ...g.optional]);

/** Names that look like credentials even when the spec does not list them. */
export function looksSecret(name: string): boolean {
  return /(_SECRET|_TOKEN|_API_KEY|_PASSWORD|_CLIENT_ID|_CALLBACK_URL)$/.test(name);
}
