import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planSecrets } from "../../packages/cli/src/secrets/plan.ts";
import { at, injectedToml, runCli, writeConfig, writeSecrets } from "./support/doctor-fixtures.ts";

const codehost = [
  "CODEHOST_OAUTH_CLIENT_ID=Iv1.codehost-id-value",
  "CODEHOST_OAUTH_CLIENT_SECRET=codehost-secret-value",
  "CODEHOST_OAUTH_CALLBACK_URL=https://staging.mail.example.com/api/auth/oauth/codehost/callback",
];
const putLines = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("would run: "));

describe("planSecrets", () => {
  it("derives the needed secrets from the features the values enable", () => {
    const values = new Map([
      ["FORUM_OAUTH_CLIENT_ID", "id"],
      ["OUTBOUND_API_KEY", "key"],
      ["OUTBOUND_FROM", "noreply@example.com"],
    ]);
    const plan = planSecrets(values, {});
    expect(plan.map((f) => [f.feature, f.enabled, f.put, f.missing])).toEqual([
      ["codehost login", false, [], []],
      ["forum login", true, ["FORUM_OAUTH_CLIENT_ID"], ["FORUM_OAUTH_CLIENT_SECRET", "FORUM_OAUTH_CALLBACK_URL"]],
      ["messenger", false, [], []],
      ["outbound mail", true, ["OUTBOUND_API_KEY", "OUTBOUND_FROM"], []],
      ["webhook signing", false, [], []],
    ]);
  });

  it("leaves messenger off when ENABLE_MESSENGER is \"false\" or only the webhook secret is given", () => {
    const token = new Map([["MESSENGER_BOT_TOKEN", "1:a"]]);
    expect(planSecrets(token, { ENABLE_MESSENGER: "false" })[2]?.enabled).toBe(false);
    expect(planSecrets(token, {})[2]?.missing).toEqual(["MESSENGER_WEBHOOK_SECRET"]);
    expect(planSecrets(new Map([["MESSENGER_WEBHOOK_SECRET", "s"]]), {})[2]?.enabled).toBe(false);
  });
});

describe("npm run secrets --dry-run", () => {
  it("lists and would put the enabled features' secrets, values from the file or the environment, never printed", () => {
    const file = writeSecrets([...codehost, "MESSENGER_BOT_TOKEN=123:bot-token-value"]);
    const result = runCli("secrets", ["--env", "staging", "--from-file", file, "--dry-run"], { MESSENGER_WEBHOOK_SECRET: "webhook-secret-value" });
    expect(result.code).toBe(0);
    expect(putLines(result.stdout)).toEqual([
      "would run: wrangler secret put CODEHOST_OAUTH_CLIENT_ID --env staging  (value from file)",
      "would run: wrangler secret put CODEHOST_OAUTH_CLIENT_SECRET --env staging  (value from file)",
      "would run: wrangler secret put CODEHOST_OAUTH_CALLBACK_URL --env staging  (value from file)",
      "would run: wrangler secret put MESSENGER_BOT_TOKEN --env staging  (value from file)",
      "would run: wrangler secret put MESSENGER_WEBHOOK_SECRET --env staging  (value from environment)",
    ]);
    expect(result.stdout).toContain("forum login: off");
    for (const value of ["codehost-id-value", "codehost-secret-value", "bot-token-value", "webhook-secret-value"]) {
      expect(result.output).not.toContain(value);
    }
  });

  it("refuses an enabled feature with missing values, and puts nothing", () => {
    const file = writeSecrets(codehost.slice(0, 2));
    const result = runCli("secrets", ["--env", "production", "--from-file", file, "--dry-run"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("missing values for CODEHOST_OAUTH_CALLBACK_URL");
    expect(putLines(result.stdout)).toEqual([]);
  });

  it("refuses a malformed callback URL and messenger without its webhook secret", () => {
    const bad = writeSecrets([...codehost.slice(0, 2), "CODEHOST_OAUTH_CALLBACK_URL=https://mail.example.com/callback"]);
    const callback = runCli("secrets", ["--env", "production", "--from-file", bad, "--dry-run"]);
    expect(callback.code).toBe(1);
    expect(callback.stderr).toContain("[oauth-callback]");
    expect(putLines(callback.stdout)).toEqual([]);

    const bot = runCli("secrets", ["--env", "production", "--dry-run"], { MESSENGER_BOT_TOKEN: "1:abc" });
    expect(bot.code).toBe(1);
    expect(bot.stderr).toContain("MESSENGER_WEBHOOK_SECRET");
  });

  it("reads ENABLE_MESSENGER from the environment's vars", () => {
    const toml = injectedToml("production");
    at(toml, "env", "production", "vars").ENABLE_MESSENGER = "false";
    const result = runCli("secrets", ["--env", "production", "--config", writeConfig(toml), "--dry-run"], { MESSENGER_BOT_TOKEN: "1:abc" });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('messenger: off (ENABLE_MESSENGER is "false")');
    expect(putLines(result.stdout)).toEqual([]);
  });

  it("puts WEBHOOK_SECRET_KEY when given, and refuses one that is not 32 bytes in base64", () => {
    const key = "k".repeat(43) + "=";
    const good = runCli("secrets", ["--env", "staging", "--dry-run"], { WEBHOOK_SECRET_KEY: key });
    expect(good.code).toBe(0);
    expect(putLines(good.stdout)).toEqual(["would run: wrangler secret put WEBHOOK_SECRET_KEY --env staging  (value from environment)"]);
    expect(good.output).not.toContain(key);
    const bad = runCli("secrets", ["--env", "staging", "--dry-run"], { WEBHOOK_SECRET_KEY: "too-short" });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("WEBHOOK_SECRET_KEY must be 32 random bytes in base64");
    expect(putLines(bad.stdout)).toEqual([]);
  });

  it("has nothing to put when no feature is enabled", () => {
    const result = runCli("secrets", ["--env", "staging", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("nothing to put");
  });

  it("stops at the first failing wrangler secret put and says the rest were not put", () => {
    const file = writeSecrets(codehost);
    const home = mkdtempSync(join(tmpdir(), "secrets-home-"));
    try {
      // No API token and no stored login in a non-interactive run: wrangler refuses before any network call.
      const result = runCli("secrets", ["--env", "staging", "--from-file", file], { HOME: home });
      expect(result.code).toBe(1);
      expect(result.stdout.split("\n").filter((l) => l.startsWith("running: "))).toEqual(["running: wrangler secret put CODEHOST_OAUTH_CLIENT_ID --env staging"]);
      expect(result.stderr).toContain("wrangler secret put failed");
      expect(result.stderr).toContain("the remaining secrets were not put");
      for (const value of ["codehost-id-value", "codehost-secret-value"]) expect(result.output).not.toContain(value);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);

  it("refuses local and unknown environments", () => {
    expect(runCli("secrets", ["--env", "local", "--dry-run"]).code).toBe(2);
    expect(runCli("secrets", ["--dry-run"]).code).toBe(2);
    expect(runCli("secrets", ["--env", "staging", "--from-file", "/nonexistent", "--dry-run"]).code).toBe(2);
  });
});
