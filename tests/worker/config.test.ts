import { parseConfig, parseOrigins, type Vars } from "@mailroom/config";
import { describe, expect, it } from "vitest";

const load = (vars: Vars) => {
  const result = parseConfig(vars);
  if (!result.ok) throw result.error;
  return result.config;
};

describe("configuration loader", () => {
  it("fills every default from the contract", () => {
    const config = load({});
    expect(config.environment).toBe("local");
    expect(config.appName).toBe("Mailroom");
    expect(config.fallbackMailDomain).toBe("mail.localhost");
    expect(config.webhookAllowPrivateTargets).toBe(false);
    expect(config.cookie).toEqual({ secure: false, domain: undefined });
    expect(config.oauth.codehost).toMatchObject({
      label: "GitHub",
      credentials: undefined,
      authorizeUrl: "https://github.com/login/oauth/authorize",
      tokenUrl: "https://github.com/login/oauth/access_token",
      apiBaseUrl: "https://api.github.com",
    });
    expect(config.oauth.forum).toMatchObject({
      label: "Forum",
      authorizeUrl: "https://connect.linux.do/oauth2/authorize",
      tokenUrl: "https://connect.linux.do/oauth2/token",
      userinfoUrl: "https://connect.linux.do/api/user",
    });
    expect(config.messenger).toMatchObject({ enabled: false, apiBaseUrl: "https://api.telegram.org", linkBaseUrl: "https://t.me" });
    expect(config.outbound.apiBaseUrl).toBe("https://api.resend.com");
  });

  it("takes WEBHOOK_SECRET_KEY only as 32 bytes in base64", () => {
    const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
    expect(load({}).webhookSecretKey).toBeUndefined();
    expect(load({ WEBHOOK_SECRET_KEY: ` ${key} ` }).webhookSecretKey).toBe(key);
    for (const bad of ["short", btoa("x".repeat(16)), key.slice(0, -1), key.replace("=", "A")]) {
      const result = parseConfig({ WEBHOOK_SECRET_KEY: bad });
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.error.issues[0]?.setting).toBe("WEBHOOK_SECRET_KEY");
    }
  });

  it("treats empty strings as unset", () => {
    expect(load({ APP_NAME: "  ", COOKIE_DOMAIN: "" }).appName).toBe("Mailroom");
  });

  it("enables a provider only with all three of id, secret and callback", () => {
    const three = { CODEHOST_OAUTH_CLIENT_ID: "id", CODEHOST_OAUTH_CLIENT_SECRET: "s", CODEHOST_OAUTH_CALLBACK_URL: "https://a.example/cb" };
    expect(load(three).oauth.codehost.credentials).toEqual({ clientId: "id", clientSecret: "s", callbackUrl: "https://a.example/cb" });
    for (const missing of Object.keys(three)) {
      expect(load({ ...three, [missing]: "" }).oauth.codehost.credentials, missing).toBeUndefined();
    }
  });

  it("enables the messenger with a token unless ENABLE_MESSENGER is false, and strips @ from the username", () => {
    expect(load({ MESSENGER_BOT_TOKEN: "t" }).messenger.enabled).toBe(true);
    expect(load({ MESSENGER_BOT_TOKEN: "t", ENABLE_MESSENGER: "false" }).messenger.enabled).toBe(false);
    expect(load({ MESSENGER_BOT_USERNAME: "@MailBot" }).messenger.botUsername).toBe("MailBot");
  });

  it("reads COOKIE_SECURE strictly", () => {
    expect(load({ COOKIE_SECURE: "true" }).cookie.secure).toBe(true);
    expect(parseConfig({ COOKIE_SECURE: "yes" }).ok).toBe(false);
  });

  it("accepts a parent cookie domain with a leading dot only", () => {
    expect(load({ COOKIE_DOMAIN: ".example.com" }).cookie.domain).toBe(".example.com");
    for (const bad of ["example.com", "https://.example.com", ".example.com/path", ".mailroom.workers.dev", ".example.com:443"]) {
      expect(parseConfig({ COOKIE_DOMAIN: bad }).ok, bad).toBe(false);
    }
  });

  it("rejects unknown environments and malformed override URLs, naming the setting", () => {
    const result = parseConfig({ ENVIRONMENT: "prod", FORUM_OAUTH_TOKEN_URL: "ftp://x" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((i) => i.setting).sort()).toEqual(["ENVIRONMENT", "FORUM_OAUTH_TOKEN_URL"]);
  });
});

describe("CORS_ALLOWED_ORIGINS", () => {
  it("keeps exact origins and reports everything else", () => {
    const parsed = parseOrigins(" https://a.example ,http://127.0.0.1:3000,*,https://b.example/,ftp://c.example,nonsense,https://*.example");
    expect(parsed.origins).toEqual(["https://a.example", "http://127.0.0.1:3000"]);
    expect(parsed.rejected.map((r) => r.entry)).toEqual(["*", "https://b.example/", "ftp://c.example", "nonsense", "https://*.example"]);
  });
});
