import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const bin = path.join(root, "node_modules/.bin");
let state: string;

function run(command: string, args: string[]) {
  return spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, MAILROOM_STATE_DIR: state, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
}
const admin = (...args: string[]) => run(process.execPath, ["packages/cli/src/admin/main.ts", ...args]);
const query = (sql: string) =>
  (JSON.parse(run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql]).stdout) as { results: Record<string, unknown>[] }[])[0]?.results ?? [];

beforeAll(() => {
  state = mkdtempSync(path.join(tmpdir(), "mailroom-admin-cli-"));
  expect(run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]).status).toBe(0);
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

  it("changes roles and reports unknown users", () => {
    expect(admin("set-role", "--email", "root.admin@example.com", "--role", "user").status).toBe(0);
    expect(query("SELECT role FROM users")[0]?.role).toBe("user");
    const missing = admin("set-role", "--email", "ghost@example.com", "--role", "admin");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("No user has the e-mail ghost@example.com");
    expect(admin("set-role", "--email", "root.admin@example.com", "--role", "owner").status).toBe(2);
  });
});
