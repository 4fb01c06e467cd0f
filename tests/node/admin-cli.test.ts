import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1Execute } from "../../packages/cli/src/lib/d1.ts";
import { repoRoot, runWrangler } from "../../packages/cli/src/lib/wrangler.ts";

let state: string;

// The CLI as an operator runs it (plain node, the state directory from MAILROOM_STATE_DIR).
const admin = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, "packages/cli/src/admin/main.ts"), ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, MAILROOM_STATE_DIR: state },
  });
const query = (sql: string) => d1Execute({ env: "local", persistTo: state }, sql);

beforeAll(() => {
  state = mkdtempSync(path.join(tmpdir(), "mailroom-admin-cli-"));
  runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
}, 60_000);
afterAll(() => {
  rmSync(state, { recursive: true, force: true });
});

describe("npm run admin", { timeout: 60_000 }, () => {
  it("creates the first administrator with a PBKDF2 hash, and refuses a second with the same e-mail", () => {
    const created = admin("create-admin", "--email", "Root.Admin@Example.com", "--password", "correct horse battery");
    expect(created.status).toBe(0);
    expect(created.stdout.trim()).toBe("Created administrator root.admin@example.com.");
    const [row] = query("SELECT email, role, password_hash FROM users");
    expect(row).toMatchObject({ email: "root.admin@example.com", role: "admin" });
    expect(String(row?.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);

    const again = admin("create-admin", "--email", "root.admin@example.com", "--password", "correct horse battery");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  it("refuses weak passwords and bad e-mail addresses with a clear message", () => {
    const weak = admin("create-admin", "--email", "a@example.com", "--password", "short");
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain("--password: Use at least 8 characters");
    const bad = admin("create-admin", "--email", "nope", "--password", "long enough pass");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--email");
  });

  it("prints invite codes one per line, or as JSON, and stores only their hashes", () => {
    const plain = admin("create-invite", "--count", "3", "--max-uses", "2", "--expires-days", "7");
    expect(plain.status).toBe(0);
    const codes = plain.stdout.trim().split("\n");
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
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
      expect(result.stderr).toContain("wrangler d1 execute failed");
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
