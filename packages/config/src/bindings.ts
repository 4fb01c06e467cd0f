/// <reference types="@cloudflare/workers-types" />
// The reference above lets programs without the workers lib (the web app type-checking the
// router) still see the binding types.

/** Every setting the worker reads: wrangler `[vars]` and secrets arrive as optional strings. */
export const settingNames = [
  "ENVIRONMENT",
  "APP_NAME",
  "FALLBACK_MAIL_DOMAIN",
  "WEBHOOK_ALLOW_PRIVATE_TARGETS",
  "WEBHOOK_SECRET_KEY",
  "CORS_ALLOWED_ORIGINS",
  "COOKIE_SECURE",
  "COOKIE_DOMAIN",
  "CODEHOST_OAUTH_CLIENT_ID",
  "CODEHOST_OAUTH_CLIENT_SECRET",
  "CODEHOST_OAUTH_CALLBACK_URL",
  "CODEHOST_OAUTH_AUTHORIZE_URL",
  "CODEHOST_OAUTH_TOKEN_URL",
  "CODEHOST_API_BASE_URL",
  "CODEHOST_OAUTH_LABEL",
  "FORUM_OAUTH_CLIENT_ID",
  "FORUM_OAUTH_CLIENT_SECRET",
  "FORUM_OAUTH_CALLBACK_URL",
  "FORUM_OAUTH_AUTHORIZE_URL",
  "FORUM_OAUTH_TOKEN_URL",
  "FORUM_OAUTH_USERINFO_URL",
  "FORUM_OAUTH_LABEL",
  "OUTBOUND_API_KEY",
  "OUTBOUND_FROM",
  "OUTBOUND_API_BASE_URL",
  "OUTBOUND_EVENTS_SECRET",
  "MESSENGER_BOT_TOKEN",
  "MESSENGER_WEBHOOK_SECRET",
  "MESSENGER_BOT_USERNAME",
  "ENABLE_MESSENGER",
  "MESSENGER_API_BASE_URL",
  "MESSENGER_LINK_BASE_URL",
  "BENCH_COUNTERS",
] as const;

type SettingName = (typeof settingNames)[number];

export type Vars = Partial<Record<SettingName, string>>;

/** The worker's environment: bindings from wrangler.toml plus vars and secrets. */
export interface Bindings extends Vars {
  DB: D1Database;
  CACHE: KVNamespace;
  ATTACHMENTS?: R2Bucket;
  RATE_LIMITER?: RateLimit;
  AI?: Ai;
  /** The platform's own sending (provider `platform`, CONTRACT §15). */
  SEND_EMAIL?: SendEmail;
}
