import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "smol-toml";
import { remoteConfig } from "../../packages/cli/src/lib/database.ts";
import { repoRoot, runWrangler } from "../../packages/cli/src/lib/wrangler.ts";

let state: string;

// The CLI as an operator runs it (plain node, the state directory from MAILROOM_STATE_DIR).
const adminWith = (options: { input?: string; env?: Record<string, string> }, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, "packages/cli/src/admin/main.ts"), ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input: options.input ?? "",
    env: { ...process.env, MAILROOM_STATE_DIR: state, ...options.env },
  });
const admin = (...args: string[]) => adminWith({}, ...args);

// The test reads rows the way an operator would check them: SQL through wrangler on the same state.
function query(sql: string): Record<string, unknown>[] {
  const out = JSON.parse(runWrangler(["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql])) as { results?: Record<string, unknown>[] }[];
  return out.at(-1)?.results ?? [];
}

// A fresh state without migrations: the CLI applies them itself.
beforeAll(() => {
  state = mkdtempSync(path.join(tmpdir(), "mailroom-admin-cli-"));
}, 60_000);
afterAll(() => {
  rmSync(state, { recursive: true, force: true });
});

// Each test spawns the CLI (which boots the local runtime) and wrangler several times.
describe("npm run admin", { timeout: 180_000 }, () => {
  it("creates the first administrator with a PBKDF2 hash, and refuses a second with the same e-mail", () => {
    const created = adminWith({ env: { MAILROOM_ADMIN_PASSWORD: "correct horse battery" } }, "create-admin", "--email", "Root.Admin@Example.com");
    expect(created.status).toBe(0);
    expect(created.stdout.trim()).toBe("Created administrator root.admin@example.com.");
    const [row] = query("SELECT email, role, password_hash FROM users");
    expect(row).toMatchObject({ email: "root.admin@example.com", role: "admin" });
    expect(String(row?.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);

    // The password may also come as the first line of stdin (a pipe), never from argv.
    const again = adminWith({ input: "correct horse battery\n" }, "create-admin", "--email", "root.admin@example.com");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  it("never takes the password from the command line", () => {
    const argv = admin("create-admin", "--email", "argv@example.com", "--password", "correct horse battery");
    expect(argv.status).toBe(2);
    expect(argv.stderr).toContain("Unknown option '--password'");
    expect(query("SELECT email FROM users WHERE email = 'argv@example.com'")).toEqual([]);
  });

  it("refuses weak passwords and bad e-mail addresses with a clear message", () => {
    const weak = adminWith({ input: "short\n" }, "create-admin", "--email", "a@example.com");
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain("password: Use at least 8 characters");
    const bad = adminWith({ input: "long enough pass\n" }, "create-admin", "--email", "nope");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--email");
  });

  it("prints invite codes one per line, or as JSON, and stores only their hashes", () => {
    const plain = admin("create-invite", "--count", "3", "--max-uses", "2", "--expires-days", "7");
    expect(plain.status).toBe(0);
    const codes = plain.stdout.trim().split("\n");
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){4}$/);
    const json = admin("create-invite", "--json");
    expect(JSON.parse(json.stdout) as string[]).toHaveLength(1);
    const rows = query("SELECT code_hash, max_uses, expires_at FROM invite_codes");
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain(codes[0]);
    expect(admin("create-invite", "--count", "0").status).toBe(2);
  });

  it("refuses unknown commands, options and environments with exit 2", () => {
    const unknown = admin("frobnicate");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const option = admin("create-invite", "--bogus");
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("Usage: npm run admin");
    expect(admin("create-invite", "--env", "prod").status).toBe(2);
    expect(query("SELECT id FROM invite_codes")).toHaveLength(4);
  });

  it("fails with wrangler's reason when the remote database cannot be reached", () => {
    const home = mkdtempSync(path.join(tmpdir(), "mailroom-admin-home-"));
    try {
      // No API token and no stored login in a non-interactive run: wrangler refuses before any network call.
      const { CLOUDFLARE_API_TOKEN: _token, ...env } = process.env;
      const result = spawnSync(process.execPath, [path.join(repoRoot, "packages/cli/src/admin/main.ts"), "create-invite", "--env", "staging"], {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...env, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config") },
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("remote proxy session");
      expect(result.stderr).toContain("CLOUDFLARE_API_TOKEN");
      expect(result.stdout).toBe("");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("changes roles and reports unknown users", () => {
    expect(admin("set-role", "--email", "root.admin@example.com", "--role", "user").status).toBe(0);
    expect(query("SELECT role FROM users")[0]?.role).toBe("user");
    const missing = admin("set-role", "--email", "ghost@example.com", "--role", "admin");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("No user has the e-mail ghost@example.com");
    expect(admin("set-role", "--email", "root.admin@example.com", "--role", "owner").status).toBe(2);
  });
});

describe("the remote database", () => {
  it("is reached through wrangler's remote bindings: the environment's DB binding marked remote, nothing else changed", () => {
    const source = path.join(repoRoot, "wrangler.toml");
    const config = parse(remoteConfig(source, "production")) as { env: Record<string, { d1_databases: Record<string, unknown>[] }> };
    expect(config.env.production?.d1_databases).toEqual([expect.objectContaining({ binding: "DB", database_name: "mailroom-production", remote: true })]);
    expect(config.env.staging?.d1_databases[0]?.remote).toBeUndefined();
  });
});
