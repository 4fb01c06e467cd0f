import { z } from "zod";
import { parseOrigins } from "./origins.ts";

// Wrangler hands every var over as a string, and an empty string means "not set".
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const withDefault = (fallback: string) => optional.transform((v) => v ?? fallback);

const url = (fallback: string) =>
  withDefault(fallback).pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));

const bool = (fallback: boolean) =>
  optional.pipe(
    z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .optional()
      .transform((v) => (v === undefined ? fallback : v === "true")),
  );

// A cookie Domain attribute: a leading dot and a host name, no scheme, no path, no port.
const cookieDomain = optional.pipe(
  z
    .string()
    .regex(/^\.(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i, {
      error: "must be a parent domain with a leading dot, like .example.com",
    })
    .refine((v) => !v.toLowerCase().endsWith(".workers.dev"), {
      error: "must not be the platform's shared workers.dev domain",
    })
    .optional(),
);

// 32 bytes in standard base64 (`openssl rand -base64 32`): the AES-256-GCM key that seals the
// signing secrets of user webhooks at rest.
const aesKey = optional.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { error: "must be 32 random bytes in base64 (openssl rand -base64 32)" })
    .optional(),
);

// A Standard Webhooks signing secret as Resend shows it: `whsec_` and base64.
const webhookSigningSecret = optional.pipe(
  z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, { error: "must be the signing secret Resend shows for the webhook (whsec_…)" })
    .optional(),
);

export const configSchema = z
  .object({
    ENVIRONMENT: withDefault("local").pipe(z.enum(["local", "staging", "production"])),
    APP_NAME: withDefault("Mailroom"),
    FALLBACK_MAIL_DOMAIN: withDefault("mail.localhost").pipe(
      z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i, {
        error: "must be a domain name",
      }),
    ),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
    WEBHOOK_SECRET_KEY: aesKey,
    CORS_ALLOWED_ORIGINS: optional,
    COOKIE_SECURE: bool(false),
    COOKIE_DOMAIN: cookieDomain,
    CODEHOST_OAUTH_CLIENT_ID: optional,
    CODEHOST_OAUTH_CLIENT_SECRET: optional,
    CODEHOST_OAUTH_CALLBACK_URL: optional,
    CODEHOST_OAUTH_AUTHORIZE_URL: url("https://github.com/login/oauth/authorize"),
    CODEHOST_OAUTH_TOKEN_URL: url("https://github.com/login/oauth/access_token"),
    CODEHOST_API_BASE_URL: url("https://api.github.com"),
    CODEHOST_OAUTH_LABEL: withDefault("GitHub"),
    FORUM_OAUTH_CLIENT_ID: optional,
    FORUM_OAUTH_CLIENT_SECRET: optional,
    FORUM_OAUTH_CALLBACK_URL: optional,
    FORUM_OAUTH_AUTHORIZE_URL: url("https://connect.linux.do/oauth2/authorize"),
    FORUM_OAUTH_TOKEN_URL: url("https://connect.linux.do/oauth2/token"),
    FORUM_OAUTH_USERINFO_URL: url("https://connect.linux.do/api/user"),
    FORUM_OAUTH_LABEL: withDefault("Forum"),
    OUTBOUND_API_KEY: optional,
    OUTBOUND_FROM: optional,
    OUTBOUND_API_BASE_URL: url("https://api.resend.com"),
    OUTBOUND_EVENTS_SECRET: webhookSigningSecret,
    MESSENGER_BOT_TOKEN: optional,
    MESSENGER_WEBHOOK_SECRET: optional,
    MESSENGER_BOT_USERNAME: optional.transform((v) => v?.replace(/^@/, "") || undefined),
    ENABLE_MESSENGER: bool(true),
    MESSENGER_API_BASE_URL: url("https://api.telegram.org"),
    MESSENGER_LINK_BASE_URL: url("https://t.me"),
    BENCH_COUNTERS: bool(false),
  })
  .transform((s) => {
    const provider = (id?: string, secret?: string, callbackUrl?: string) =>
      id && secret && callbackUrl ? { clientId: id, clientSecret: secret, callbackUrl } : undefined;
    const trimSlash = (u: string) => u.replace(/\/+$/, "");
    return {
      environment: s.ENVIRONMENT,
      isRemote: s.ENVIRONMENT !== "local",
      appName: s.APP_NAME,
      fallbackMailDomain: s.FALLBACK_MAIL_DOMAIN.toLowerCase(),
      webhookAllowPrivateTargets: s.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      webhookSecretKey: s.WEBHOOK_SECRET_KEY,
      cors: parseOrigins(s.CORS_ALLOWED_ORIGINS),
      cookie: { secure: s.COOKIE_SECURE, domain: s.COOKIE_DOMAIN },
      oauth: {
        codehost: {
          label: s.CODEHOST_OAUTH_LABEL,
          credentials: provider(s.CODEHOST_OAUTH_CLIENT_ID, s.CODEHOST_OAUTH_CLIENT_SECRET, s.CODEHOST_OAUTH_CALLBACK_URL),
          authorizeUrl: s.CODEHOST_OAUTH_AUTHORIZE_URL,
          tokenUrl: s.CODEHOST_OAUTH_TOKEN_URL,
          apiBaseUrl: trimSlash(s.CODEHOST_API_BASE_URL),
        },
        forum: {
          label: s.FORUM_OAUTH_LABEL,
          credentials: provider(s.FORUM_OAUTH_CLIENT_ID, s.FORUM_OAUTH_CLIENT_SECRET, s.FORUM_OAUTH_CALLBACK_URL),
          authorizeUrl: s.FORUM_OAUTH_AUTHORIZE_URL,
          tokenUrl: s.FORUM_OAUTH_TOKEN_URL,
          userinfoUrl: s.FORUM_OAUTH_USERINFO_URL,
        },
      },
      outbound: {
        apiKey: s.OUTBOUND_API_KEY,
        from: s.OUTBOUND_FROM,
        apiBaseUrl: trimSlash(s.OUTBOUND_API_BASE_URL),
        eventsSecret: s.OUTBOUND_EVENTS_SECRET,
      },
      messenger: {
        enabled: Boolean(s.MESSENGER_BOT_TOKEN) && s.ENABLE_MESSENGER,
        botToken: s.MESSENGER_BOT_TOKEN,
        webhookSecret: s.MESSENGER_WEBHOOK_SECRET,
        botUsername: s.MESSENGER_BOT_USERNAME,
        apiBaseUrl: trimSlash(s.MESSENGER_API_BASE_URL),
        linkBaseUrl: trimSlash(s.MESSENGER_LINK_BASE_URL),
      },
      // `npm run bench` only: counts binding calls per message (the doctor refuses it remotely).
      benchCounters: s.BENCH_COUNTERS,
    };
  });

export type Config = z.output<typeof configSchema>;
