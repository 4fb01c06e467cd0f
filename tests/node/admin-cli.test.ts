import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "smol-toml";
import { getPlatformProxy } from "wrangler";
import { remoteConfig } from "../../packages/cli/src/lib/database.ts";
import { patientD1 } from "../../packages/cli/src/lib/patient-d1.ts";
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

// Takes the write lock of the state's D1 file, as a running dev server's write does for a moment.
function lockDatabase(): { release: () => void } {
  const dir = path.join(state, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite"));
  const holder = new DatabaseSync(path.join(dir, file ?? "missing.sqlite"));
  holder.exec("BEGIN IMMEDIATE");
  return {
    release: () => {
      holder.exec("COMMIT");
      holder.close();
    },
  };
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

  it("waits while another process (a running npm run dev) holds the database's write lock, then does its work", async () => {
    const before = query("SELECT id FROM invite_codes").length;
    const holder = lockDatabase();
    const child = spawn(process.execPath, [path.join(repoRoot, "packages/cli/src/admin/main.ts"), "create-invite", "--json"], {
      cwd: repoRoot,
      env: { ...process.env, MAILROOM_STATE_DIR: state },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // Twice the time the command takes unhindered here (7 s): it can only still be running because it waits.
    await sleep(15_000);
    expect(child.exitCode, stderr).toBeNull();
    holder.release();
    expect(await exit, stderr).toBe(0);
    expect(JSON.parse(stdout) as string[]).toHaveLength(1);
    expect(query("SELECT id FROM invite_codes")).toHaveLength(before + 1);
  });

  it("runs each statement again while the lock is held, where a plain binding fails at once", async () => {
    const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(repoRoot, "wrangler.toml"), persist: { path: path.join(state, "v3") } });
    try {
      const insert = "INSERT INTO invite_codes (id, code_hash, code_hint, created_at) VALUES (?, ?, 'TEST', 0)";
      const holder = lockDatabase();
      await expect(proxy.env.DB.prepare(insert).bind("plain", "plain-hash").run()).rejects.toThrow(/SQLITE_BUSY/);
      setTimeout(() => {
        holder.release();
      }, 1_000);
      const patient = patientD1(proxy.env.DB);
      await patient.batch([patient.prepare(insert).bind("patient-1", "hash-1"), patient.prepare(insert).bind("patient-2", "hash-2")]);
      expect(await patient.prepare("SELECT count(*) AS n FROM invite_codes WHERE id LIKE 'patient-%'").first("n")).toBe(2);
      await patient.prepare("DELETE FROM invite_codes WHERE id LIKE 'patient-%'").run();
    } finally {
      await proxy.dispose();
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
