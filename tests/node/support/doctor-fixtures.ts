import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, stringify } from "smol-toml";
import { afterAll } from "vitest";
import { readMigrations, readToml } from "../../../packages/cli/src/doctor/load.ts";
import type { DoctorInput, EnvName, Table } from "../../../packages/cli/src/doctor/types.ts";
import { repoRoot } from "../../../packages/cli/src/lib/wrangler.ts";

export const committedConfig = join(repoRoot, "wrangler.toml");

// Every file written for a test goes in one folder per test file, removed when the file is done.
let scratch: string | undefined;
function scratchDir(prefix: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), "mailroom-node-tests-"));
  return mkdtempSync(join(scratch, prefix));
}
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});
const migrationsDir = join(repoRoot, "migrations");

/** A fresh copy of the committed wrangler.toml, to break one thing in. */
export function committedToml(): Table {
  return structuredClone(readToml(committedConfig));
}

function committedMigrations(): string[] {
  const files = readMigrations(migrationsDir);
  if (!files) throw new Error("the repository has no migrations folder");
  return files;
}

/** The committed configuration with the real-looking ids the pipeline injects for `env`. */
export function injectedToml(env: "staging" | "production"): Table {
  const text = stringify(committedToml())
    .replace(`replace-with-${env}-d1-database-id`, `d1-${env}-0000`)
    .replace(`replace-with-${env}-kv-namespace-id`, `kv-${env}-0000`)
    .replace(`replace-with-${env}-kv-preview-namespace-id`, `kvp-${env}-0000`);
  return parse(text);
}

export function input(env: EnvName, toml: Table, extra: Partial<DoctorInput> = {}): DoctorInput {
  return { env, toml, migrations: committedMigrations(), allowPlaceholders: false, ...extra };
}

/** Navigates into the TOML tree, creating nothing: the path must exist. */
export function at(toml: Table, ...path: (string | number)[]): Table {
  let node: unknown = toml;
  for (const key of path) {
    node = (node as Record<string | number, unknown>)[key];
    if (typeof node !== "object" || node === null) throw new Error(`no table at ${path.join(".")}`);
  }
  return node as Table;
}

/** Writes a configuration to a temp dir whose DB binding points at the repository's migrations. */
export function writeConfig(toml: Table): string {
  const copy = structuredClone(toml);
  const blocks = [copy, ...Object.values((copy.env ?? {}) as Record<string, Table>)];
  for (const block of blocks) {
    for (const db of (block.d1_databases ?? []) as Table[]) db.migrations_dir = migrationsDir;
  }
  const dir = scratchDir("doctor-");
  const file = join(dir, "wrangler.toml");
  writeFileSync(file, stringify(copy));
  return file;
}

export function writeSecrets(lines: string[]): string {
  const dir = scratchDir("secrets-");
  const file = join(dir, ".dev.vars");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** Runs a CLI the way `npm run` does, with a clean environment (no inherited secrets). */
export function runCli(name: "doctor" | "secrets", args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, "packages/cli/src", name, "main.ts"), ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", NODE_NO_WARNINGS: "1", ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}${result.stderr}` };
}
