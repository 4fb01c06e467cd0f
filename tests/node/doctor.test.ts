import { describe, expect, it } from "vitest";
import { parseSecretsFile } from "../../packages/cli/src/doctor/load.ts";
import { bindingRules } from "../../packages/cli/src/doctor/rules/bindings.ts";
import { cookieCorsRules } from "../../packages/cli/src/doctor/rules/cookies-cors.ts";
import { cronRules } from "../../packages/cli/src/doctor/rules/cron.ts";
import { messengerRules } from "../../packages/cli/src/doctor/rules/messenger.ts";
import { outboundRules } from "../../packages/cli/src/doctor/rules/outbound.ts";
import { runRules } from "../../packages/cli/src/doctor/rules/index.ts";
import { isolationRules } from "../../packages/cli/src/doctor/rules/isolation.ts";
import { migrationRules } from "../../packages/cli/src/doctor/rules/migrations.ts";
import { oauthRules } from "../../packages/cli/src/doctor/rules/oauth.ts";
import { placeholderRules } from "../../packages/cli/src/doctor/rules/placeholders.ts";
import { rateLimiterRules } from "../../packages/cli/src/doctor/rules/rate-limiter.ts";
import { routeRules } from "../../packages/cli/src/doctor/rules/routes.ts";
import { secretsInVarsRules } from "../../packages/cli/src/doctor/rules/secrets-in-vars.ts";
import { varRules } from "../../packages/cli/src/doctor/rules/vars.ts";
import { webhookRules } from "../../packages/cli/src/doctor/rules/webhooks.ts";
import type { Finding, Table } from "../../packages/cli/src/doctor/types.ts";
import { at, committedConfig, committedToml, injectedToml, input, runCli, writeConfig, writeSecrets } from "./support/doctor-fixtures.ts";

const errors = (findings: Finding[]) => findings.filter((f) => f.severity === "error");
const rulesOf = (findings: Finding[]) => errors(findings).map((f) => f.rule);
const secrets = (lines: string[]) => parseSecretsFile(lines.join("\n"));

const goodCodehost = [
  "CODEHOST_OAUTH_CLIENT_ID=Iv1.staging",
  "CODEHOST_OAUTH_CLIENT_SECRET=secret-staging",
  "CODEHOST_OAUTH_CALLBACK_URL=https://staging.mail.example.com/api/auth/oauth/codehost/callback",
];

describe("the committed wrangler.toml", () => {
  it("passes every rule for local", () => {
    expect(errors(runRules(input("local", committedToml())))).toEqual([]);
  });

  it("passes staging and production once the pipeline has injected the ids", () => {
    expect(errors(runRules(input("staging", injectedToml("staging"))))).toEqual([]);
    expect(errors(runRules(input("production", injectedToml("production"))))).toEqual([]);
  });

  it("keeps placeholders for remote ids: errors at deploy time, warnings with --allow-placeholders", () => {
    for (const env of ["staging", "production"] as const) {
      const strict = placeholderRules(input(env, committedToml()));
      expect(strict.map((f) => [f.rule, f.severity])).toEqual([
        ["store-ids", "error"],
        ["store-ids", "error"],
        ["store-ids", "error"],
      ]);
      expect(strict.map((f) => f.fix).join(" ")).toContain("PLATFORM_KV_PREVIEW_NAMESPACE_ID");
      const allowed = runRules(input(env, committedToml(), { allowPlaceholders: true }));
      expect(errors(allowed)).toEqual([]);
    }
  });

  it("declares the Workers AI binding remotely only", () => {
    const toml = committedToml();
    expect(toml.ai).toBeUndefined();
    expect(at(toml, "env", "staging", "ai").binding).toBe("AI");
    expect(at(toml, "env", "production", "ai").binding).toBe("AI");
  });
});

describe("store ids and bindings", () => {
  it("reports a missing remote store id", () => {
    const toml = injectedToml("production");
    delete at(toml, "env", "production", "d1_databases", 0).database_id;
    expect(rulesOf(placeholderRules(input("production", toml)))).toEqual(["store-ids"]);
  });

  it("reports binding names other than DB, CACHE, ATTACHMENTS, RATE_LIMITER", () => {
    const cases: [string, (t: Table) => void][] = [
      ["d1", (t) => (at(t, "env", "staging", "d1_databases", 0).binding = "db")],
      ["kv", (t) => (at(t, "env", "staging", "kv_namespaces", 0).binding = "KV")],
      ["r2", (t) => (at(t, "env", "staging", "r2_buckets", 0).binding = "FILES")],
      ["ratelimit", (t) => (at(t, "env", "staging", "ratelimits", 0).name = "LIMITER")],
      ["ai", (t) => (at(t, "env", "staging", "ai").binding = "WORKERS_AI")],
    ];
    for (const [label, breakIt] of cases) {
      const toml = injectedToml("staging");
      breakIt(toml);
      const found = errors(bindingRules(input("staging", toml)));
      expect(found.length, label).toBeGreaterThan(0);
      expect(found.every((f) => f.rule === "bindings"), label).toBe(true);
    }
  });

  it("reports a missing CACHE and a KV namespace without preview_id", () => {
    const noCache = injectedToml("staging");
    at(noCache, "env", "staging").kv_namespaces = [];
    expect(errors(bindingRules(input("staging", noCache)))[0]?.message).toContain('no "CACHE"');

    const noPreview = injectedToml("staging");
    delete at(noPreview, "env", "staging", "kv_namespaces", 0).preview_id;
    expect(errors(bindingRules(input("staging", noPreview)))[0]?.message).toContain("preview_id");
  });

  it("warns (only) when ATTACHMENTS is absent, and about AI in the root block", () => {
    const toml = injectedToml("staging");
    at(toml, "env", "staging").r2_buckets = [];
    const found = bindingRules(input("staging", toml));
    expect(errors(found)).toEqual([]);
    expect(found.map((f) => f.severity)).toEqual(["warning"]);

    const local = committedToml();
    local.ai = { binding: "AI" };
    expect(bindingRules(input("local", local)).map((f) => f.severity)).toEqual(["warning"]);
  });

  it("reports a missing environment block", () => {
    const toml = committedToml();
    delete at(toml, "env").production;
    expect(rulesOf(bindingRules(input("production", toml)))).toEqual(["bindings"]);
  });
});

describe("rate limiter", () => {
  it("reports staging and production sharing a namespace id", () => {
    const toml = injectedToml("staging");
    at(toml, "env", "production", "ratelimits", 0).namespace_id = at(toml, "env", "staging", "ratelimits", 0).namespace_id;
    expect(rulesOf(rateLimiterRules(input("staging", toml)))).toEqual(["rate-limiter"]);
    expect(rulesOf(rateLimiterRules(input("production", toml)))).toEqual(["rate-limiter"]);
  });

  it("reports namespace ids that are not integer-form strings", () => {
    for (const bad of ["abc", "10.5", 1001, "", "-3"]) {
      const toml = injectedToml("staging");
      at(toml, "env", "staging", "ratelimits", 0).namespace_id = bad;
      expect(rulesOf(rateLimiterRules(input("staging", toml))), String(bad)).toContain("rate-limiter");
    }
  });

  it("reports a period the platform does not accept", () => {
    const toml = injectedToml("staging");
    at(toml, "env", "staging", "ratelimits", 0, "simple").period = 30;
    expect(rulesOf(rateLimiterRules(input("staging", toml)))).toEqual(["rate-limiter"]);
  });
});

describe("cron", () => {
  it("reports a missing cron (env blocks inherit the root's triggers)", () => {
    const toml = injectedToml("staging");
    delete at(toml, "env", "staging").triggers;
    expect(errors(cronRules(input("staging", toml)))).toEqual([]);
    delete toml.triggers;
    expect(rulesOf(cronRules(input("staging", toml)))).toEqual(["cron"]);
  });

  it("reports a malformed cron expression", () => {
    const toml = committedToml();
    at(toml, "triggers").crons = ["every day", "17 3 * * *", "* * * * *"];
    expect(rulesOf(cronRules(input("local", toml)))).toEqual(["cron"]);
  });

  it("needs a daily trigger (retention) and a frequent one (webhook retries) in every environment", () => {
    for (const env of ["local", "staging", "production"] as const) {
      const toml = committedToml();
      expect(errors(cronRules(input(env, toml)))).toEqual([]);
    }
    const onlyDaily = committedToml();
    at(onlyDaily, "env", "production", "triggers").crons = ["17 3 * * *"];
    const missingRetries = errors(cronRules(input("production", onlyDaily)));
    expect(missingRetries.map((f) => f.message)).toEqual([expect.stringContaining("no frequent trigger") as unknown]);
    const onlyFrequent = committedToml();
    at(onlyFrequent, "env", "staging", "triggers").crons = ["*/2 * * * *"];
    expect(errors(cronRules(input("staging", onlyFrequent))).map((f) => f.message)).toEqual([expect.stringContaining("no daily trigger") as unknown]);
    const slow = committedToml();
    at(slow, "triggers").crons = ["17 3 * * *", "*/15 * * * *"];
    const found = cronRules(input("local", slow));
    expect(found.map((f) => f.severity)).toEqual(["warning"]);
  });
});

describe("vars", () => {
  const withVar = (env: "staging" | "production", name: string, value: unknown) => {
    const toml = injectedToml(env);
    at(toml, "env", env, "vars")[name] = value;
    return toml;
  };

  it("requires COOKIE_SECURE = \"true\" in production", () => {
    for (const value of ["false", undefined, "yes"]) {
      const toml = withVar("production", "COOKIE_SECURE", value);
      if (value === undefined) delete at(toml, "env", "production", "vars").COOKIE_SECURE;
      expect(rulesOf(cookieCorsRules(input("production", toml))), String(value)).toContain("cookie-secure");
    }
  });

  it("reports *, malformed, non-https and missing CORS origins", () => {
    for (const value of ["*", "https://mail.example.com/", "mail.example.com", "http://mail.example.com", "https://*.example.com"]) {
      expect(rulesOf(cookieCorsRules(input("production", withVar("production", "CORS_ALLOWED_ORIGINS", value)))), value).toContain("cors");
    }
    const missing = injectedToml("production");
    delete at(missing, "env", "production", "vars").CORS_ALLOWED_ORIGINS;
    expect(rulesOf(cookieCorsRules(input("production", missing)))).toEqual(["cors"]);
  });

  it("accepts http origins locally", () => {
    expect(errors(cookieCorsRules(input("local", committedToml())))).toEqual([]);
  });

  it("reports a malformed COOKIE_DOMAIN", () => {
    for (const value of ["example.com", "https://.example.com", ".example.com/path", ".mailroom.workers.dev"]) {
      expect(rulesOf(varRules(input("production", withVar("production", "COOKIE_DOMAIN", value)))), value).toEqual(["vars:COOKIE_DOMAIN"]);
    }
    expect(errors(varRules(input("production", withVar("production", "COOKIE_DOMAIN", ".example.com"))))).toEqual([]);
  });

  it("reports an ENVIRONMENT var that does not match the block", () => {
    expect(rulesOf(varRules(input("production", withVar("production", "ENVIRONMENT", "staging"))))).toEqual(["vars"]);
    const toml = injectedToml("staging");
    delete at(toml, "env", "staging", "vars").ENVIRONMENT;
    expect(rulesOf(varRules(input("staging", toml)))).toEqual(["vars"]);
  });

  it("reports WEBHOOK_ALLOW_PRIVATE_TARGETS = \"true\" remotely only", () => {
    expect(rulesOf(varRules(input("production", withVar("production", "WEBHOOK_ALLOW_PRIVATE_TARGETS", "true"))))).toEqual(["vars"]);
    expect(at(committedToml(), "vars").WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe("true");
    expect(errors(varRules(input("local", committedToml())))).toEqual([]);
  });

  it("reports BENCH_COUNTERS = \"true\" remotely, where it would count and log every binding call", () => {
    expect(rulesOf(varRules(input("production", withVar("production", "BENCH_COUNTERS", "true"))))).toEqual(["vars"]);
    expect(rulesOf(varRules(input("staging", withVar("staging", "BENCH_COUNTERS", "true"))))).toEqual(["vars"]);
    expect(errors(varRules(input("production", withVar("production", "BENCH_COUNTERS", "false"))))).toEqual([]);
  });

  it("reports vars that are not strings", () => {
    expect(rulesOf(varRules(input("production", withVar("production", "COOKIE_SECURE", true))))).toEqual(["vars"]);
  });

  it("reports secrets written into [vars]", () => {
    for (const name of ["CODEHOST_OAUTH_CLIENT_SECRET", "FORUM_OAUTH_CLIENT_ID", "FORUM_OAUTH_CALLBACK_URL", "MESSENGER_BOT_TOKEN", "MESSENGER_WEBHOOK_SECRET", "OUTBOUND_API_KEY"]) {
      expect(rulesOf(secretsInVarsRules(input("staging", withVar("staging", name, "x")))), name).toEqual(["secret-in-vars"]);
    }
    const local = committedToml();
    at(local, "vars").CODEHOST_OAUTH_CLIENT_SECRET = "";
    expect(rulesOf(secretsInVarsRules(input("local", local)))).toEqual(["secret-in-vars"]);
  });

  it("reports separate-API-domain mode without a covering COOKIE_DOMAIN", () => {
    const api = { apiBaseUrl: "https://api.example.com" };
    expect(rulesOf(cookieCorsRules(input("production", injectedToml("production"), api)))).toEqual(["api-mode"]);
    const fixed = withVar("production", "COOKIE_DOMAIN", ".example.com");
    expect(errors(cookieCorsRules(input("production", fixed, api)))).toEqual([]);
    expect(rulesOf(cookieCorsRules(input("production", fixed, { apiBaseUrl: "http://api.example.com" })))).toEqual(["api-mode"]);
  });
});

describe("secrets file rules", () => {
  it("reports callback URLs not of the form https://<frontend>/api/auth/oauth/<provider>/callback", () => {
    const bad = [
      "http://staging.mail.example.com/api/auth/oauth/codehost/callback",
      "https://staging.mail.example.com/api/auth/oauth/forum/callback",
      "https://staging.mail.example.com/auth/codehost/callback",
      "https://staging.mail.example.com/api/auth/oauth/codehost/callback/",
      "https://staging.mail.example.com/api/auth/oauth/codehost/callback?x=1",
      "not a url",
    ];
    for (const url of bad) {
      const s = secrets([...goodCodehost.slice(0, 2), `CODEHOST_OAUTH_CALLBACK_URL=${url}`]);
      expect(rulesOf(oauthRules(input("staging", injectedToml("staging"), { secrets: s }))), url).toEqual(["oauth-callback"]);
    }
    expect(oauthRules(input("staging", injectedToml("staging"), { secrets: secrets(goodCodehost) }))).toEqual([]);
  });

  it("warns when the callback is not on a front-end origin", () => {
    const s = secrets([...goodCodehost.slice(0, 2), "CODEHOST_OAUTH_CALLBACK_URL=https://api.example.com/api/auth/oauth/codehost/callback"]);
    const found = oauthRules(input("staging", injectedToml("staging"), { secrets: s }));
    expect(found.map((f) => [f.rule, f.severity])).toEqual([["oauth-callback", "warning"]]);
  });

  it("reports a provider with only some of its three settings, names alone included", () => {
    const s = secrets(["FORUM_OAUTH_CLIENT_ID", "FORUM_OAUTH_CLIENT_SECRET"]);
    const found = errors(oauthRules(input("production", injectedToml("production"), { secrets: s })));
    expect(found.map((f) => f.rule)).toEqual(["oauth-partial"]);
    expect(found[0]?.message).toContain("FORUM_OAUTH_CALLBACK_URL");
  });

  it("reports messenger enabled remotely without a webhook secret", () => {
    const token = secrets(["MESSENGER_BOT_TOKEN=123:abc"]);
    expect(rulesOf(messengerRules(input("production", injectedToml("production"), { secrets: token })))).toEqual(["messenger"]);
    expect(errors(messengerRules(input("local", committedToml(), { secrets: token })))).toEqual([]);
    const off = injectedToml("production");
    at(off, "env", "production", "vars").ENABLE_MESSENGER = "false";
    expect(errors(messengerRules(input("production", off, { secrets: token })))).toEqual([]);
    const both = secrets(["MESSENGER_BOT_TOKEN=123:abc", "MESSENGER_WEBHOOK_SECRET=hook"]);
    expect(errors(messengerRules(input("production", injectedToml("production"), { secrets: both })))).toEqual([]);
  });

  it("checks OUTBOUND_FROM: an address, on FALLBACK_MAIL_DOMAIN or else a warning that D1's domains are out of sight", () => {
    const toml = injectedToml("production");
    at(toml, "env", "production", "vars").FALLBACK_MAIL_DOMAIN = "mail.example.com";
    const withFrom = (from: string) => outboundRules(input("production", toml, { secrets: secrets(["OUTBOUND_API_KEY=re_live", "OUTBOUND_EVENTS_SECRET=whsec_c2VjcmV0c2VjcmV0c2VjcmV0", `OUTBOUND_FROM=${from}`]) }));
    expect(withFrom("noreply@mail.example.com")).toEqual([]);
    expect(withFrom("Mailroom <NoReply@Mail.Example.com>")).toEqual([]);
    const elsewhere = withFrom("Mailroom <noreply@other.example>");
    expect(elsewhere.map((f) => [f.rule, f.severity])).toEqual([["outbound", "warning"]]);
    expect(elsewhere[0]?.message).toContain("other.example");
    expect(elsewhere[0]?.message).toContain("D1");
    for (const bad of ["noreply", "Mailroom <noreply>", "a@b@c.example", "noreply@localhost"]) {
      expect(rulesOf(withFrom(bad)), bad).toEqual(["outbound"]);
    }
  });

  it("checks sending: the SEND_EMAIL name, some provider at all, and Resend's events secret remotely", () => {
    const toml = injectedToml("production");
    const events = "OUTBOUND_EVENTS_SECRET=whsec_c2VjcmV0c2VjcmV0c2VjcmV0";
    const found = (t: typeof toml, lines: string[], env: "local" | "production" = "production") => outboundRules(input(env, t, { secrets: secrets(lines) })).map((f) => [f.severity, f.message]);
    // Neither the binding nor a key: sending is off (a note), a warning when OUTBOUND_FROM waits for it.
    expect(found(toml, [])).toEqual([["note", expect.stringContaining("No outbound provider")]]);
    expect(found(toml, ["OUTBOUND_FROM=noreply@mail.localhost"])).toEqual([["warning", expect.stringContaining("OUTBOUND_FROM is set for nothing")]]);
    // Resend remotely without the events secret: statuses never move past sent.
    expect(found(toml, ["OUTBOUND_API_KEY=re_live"])).toEqual([["warning", expect.stringContaining("OUTBOUND_EVENTS_SECRET")]]);
    expect(found(toml, ["OUTBOUND_API_KEY=re_live", events])).toEqual([]);
    expect(found(committedToml(), ["OUTBOUND_API_KEY=re_live"], "local")).toEqual([]);
    // The platform's binding alone is a provider; under another name the worker never sees it.
    at(toml, "env", "production").send_email = [{ name: "SEND_EMAIL" }];
    expect(found(toml, [])).toEqual([]);
    at(toml, "env", "production").send_email = [{ name: "MAILER" }];
    expect(found(toml, [])).toEqual([
      ["error", expect.stringContaining('name = "MAILER"')],
      ["note", expect.stringContaining("No outbound provider")],
    ]);
    // The committed file binds it for local development.
    expect(found(committedToml(), [], "local")).toEqual([]);
  });

  it("reports a missing or shared WEBHOOK_SECRET_KEY remotely, and a malformed one anywhere", () => {
    const key = `${"a".repeat(43)}=`;
    expect(rulesOf(webhookRules(input("production", injectedToml("production"), { secrets: secrets(["OUTBOUND_API_KEY=x"]) })))).toEqual(["webhooks"]);
    expect(errors(webhookRules(input("production", injectedToml("production"), { secrets: secrets(["WEBHOOK_SECRET_KEY"]) })))).toEqual([]);
    expect(webhookRules(input("local", committedToml(), { secrets: secrets([]) }))).toEqual([]);
    const shared = webhookRules(input("staging", injectedToml("staging"), { secrets: secrets([`WEBHOOK_SECRET_KEY=${key}`]), otherSecrets: secrets([`WEBHOOK_SECRET_KEY=${key}`]) }));
    expect(shared.map((f) => [f.rule, f.severity])).toEqual([["webhooks", "warning"]]);
    expect(rulesOf(varRules(input("staging", injectedToml("staging"), { secrets: secrets(["WEBHOOK_SECRET_KEY=short"]) })))).toEqual(["vars:WEBHOOK_SECRET_KEY"]);
  });

  it("reports OAuth apps and bots shared between staging and production", () => {
    const staging = secrets([...goodCodehost, "MESSENGER_BOT_TOKEN=123:abc", "MESSENGER_WEBHOOK_SECRET=a"]);
    const production = secrets([
      "CODEHOST_OAUTH_CLIENT_ID=Iv1.staging",
      "CODEHOST_OAUTH_CLIENT_SECRET=secret-production",
      "CODEHOST_OAUTH_CALLBACK_URL=https://mail.example.com/api/auth/oauth/codehost/callback",
      "MESSENGER_BOT_TOKEN=123:abc",
      "MESSENGER_WEBHOOK_SECRET=b",
    ]);
    const found = errors(isolationRules(input("staging", injectedToml("staging"), { secrets: staging, otherSecrets: production })));
    expect(found.map((f) => f.message)).toEqual([
      "staging and production share the same CODEHOST_OAUTH_CLIENT_ID.",
      "staging and production share the same MESSENGER_BOT_TOKEN.",
    ]);
  });
});

describe("isolation of stores", () => {
  it("reports staging and production sharing a store", () => {
    const cases: [string, (t: Table) => void][] = [
      ["D1 database_id", (t) => (at(t, "env", "production", "d1_databases", 0).database_id = "d1-staging-0000")],
      ["D1 database_name", (t) => (at(t, "env", "production", "d1_databases", 0).database_name = "mailroom-staging")],
      ["KV id", (t) => (at(t, "env", "production", "kv_namespaces", 0).id = "kv-staging-0000")],
      ["R2 bucket_name", (t) => (at(t, "env", "production", "r2_buckets", 0).bucket_name = "mailroom-attachments-staging")],
      ["worker name", (t) => (at(t, "env", "production").name = "mailroom-staging")],
    ];
    for (const [what, breakIt] of cases) {
      const toml = injectedToml("staging");
      breakIt(toml);
      const found = errors(isolationRules(input("staging", toml)));
      expect(found.map((f) => f.rule), what).toEqual(["isolation"]);
      expect(found[0]?.message, what).toContain(what);
    }
    expect(isolationRules(input("staging", injectedToml("staging")))).toEqual([]);
  });
});

describe("migrations", () => {
  const run = (files: string[] | null) => migrationRules(input("local", committedToml(), { migrations: files }));
  const good = () => input("local", committedToml()).migrations ?? [];

  it("passes the committed migrations", () => {
    expect(good()).toContain("0013-oauth-login.sql");
    expect(run(good())).toEqual([]);
  });

  it("reports a missing folder, a misnamed file, a gap, a duplicate and a missing 0013", () => {
    expect(rulesOf(run(null))).toEqual(["migrations"]);
    // Numbers relative to the committed migrations, so the test holds as migrations are added.
    const number = (n: number) => String(n).padStart(4, "0");
    const next = good().length + 1;
    expect(errors(run([...good(), `${number(next)}_words.sql`]))[0]?.message).toContain("misnamed");
    expect(errors(run([...good(), `${number(next + 1)}-words.sql`]))[0]?.message).toContain("out of order");
    expect(errors(run([...good(), "0013-other.sql"]))[0]?.message).toContain("0013");
    const without = good().filter((f) => f !== "0013-oauth-login.sql");
    const messages = errors(run(without)).map((f) => f.message).join("\n");
    expect(messages).toContain("0013-oauth-login.sql is missing");
  });
});

describe("routes", () => {
  it("warns when the front-end domain does not route /api/* to the worker", () => {
    const toml = injectedToml("production");
    at(toml, "env", "production").routes = [{ pattern: "api.example.com/*", zone_name: "example.com" }];
    const found = routeRules(input("production", toml));
    expect(found.filter((f) => f.severity === "warning").map((f) => f.message).join()).toContain("mail.example.com/api/auth/oauth/*");
    expect(found.some((f) => f.fix.includes("Workers Routes: Edit"))).toBe(true);

    at(toml, "env", "production").routes = [{ pattern: "mail.example.com/api/*", zone_name: "example.com" }];
    expect(routeRules(input("production", toml)).map((f) => f.severity)).toEqual(["note"]);
  });
});

describe("doctor CLI", () => {
  it("exits 0 for the committed wrangler.toml with --env local", () => {
    const result = runCli("doctor", ["--env", "local"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("doctor --env local: 0 error(s)");
  });

  it("fails on the committed placeholders for a remote env, passes with --allow-placeholders", () => {
    const strict = runCli("doctor", ["--env", "staging"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("ERROR [store-ids]");
    expect(strict.stdout).toContain("fix: ");
    expect(runCli("doctor", ["--env", "staging", "--allow-placeholders"]).code).toBe(0);
  });

  it("fails on a broken configuration and names the rule", () => {
    const toml = injectedToml("production");
    at(toml, "env", "production", "vars").COOKIE_SECURE = "false";
    at(toml, "env", "production", "vars").CORS_ALLOWED_ORIGINS = "*";
    const result = runCli("doctor", ["--env", "production", "--config", writeConfig(toml)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("[cookie-secure]");
    expect(result.stdout).toContain("[cors]");
  });

  it("passes an injected configuration; warnings alone do not fail", () => {
    const result = runCli("doctor", ["--env", "production", "--config", writeConfig(injectedToml("production"))]);
    expect(result.stdout).toContain("WARN ");
    expect(result.code).toBe(0);
  });

  it("checks a secrets file without printing its values", () => {
    const file = writeSecrets([
      "CODEHOST_OAUTH_CLIENT_ID=Iv1.abcdef",
      "CODEHOST_OAUTH_CLIENT_SECRET=very-secret-value",
      "CODEHOST_OAUTH_CALLBACK_URL=https://staging.mail.example.com/oauth/callback",
      "MESSENGER_BOT_TOKEN=123:bot-token-value",
    ]);
    const result = runCli("doctor", ["--env", "staging", "--config", writeConfig(injectedToml("staging")), "--secrets-file", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("[oauth-callback]");
    expect(result.stdout).toContain("[messenger]");
    expect(result.output).not.toContain("very-secret-value");
    expect(result.output).not.toContain("bot-token-value");
  });

  it("prints JSON findings with --json", () => {
    const result = runCli("doctor", ["--env", "staging", "--json"]);
    const findings = JSON.parse(result.stdout) as Finding[];
    expect(findings.filter((f) => f.rule === "store-ids")).toHaveLength(3);
  });

  it("refuses bad arguments and unreadable files with exit 2", () => {
    expect(runCli("doctor", []).code).toBe(2);
    expect(runCli("doctor", ["--env", "prod"]).code).toBe(2);
    expect(runCli("doctor", ["--env", "local", "--config", "/nonexistent/wrangler.toml"]).code).toBe(2);
    expect(runCli("doctor", ["--env", "local", "--bogus"]).code).toBe(2);
    expect(runCli("doctor", ["--env", "local", "--config", committedConfig]).code).toBe(0);
  });
});
