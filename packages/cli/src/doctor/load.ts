import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse } from "smol-toml";
import type { DoctorInput, EnvName, Table } from "./types.ts";
import { envView } from "./view.ts";

export function readToml(path: string): Table {
  return parse(readFileSync(path, "utf8"));
}

/** File names in the folder, or null when there is no such folder. */
export function readMigrations(dir: string): string[] | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir).sort();
}

/**
 * `.dev.vars` style: `NAME=value` lines (optionally `export NAME=...`, values optionally quoted),
 * `#` comments and blank lines ignored. A line holding a name alone records the name without a value.
 */
export function parseSecretsFile(text: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=(.*))?$/.exec(trimmed);
    if (!match?.[1]) throw new Error(`secrets file: cannot read the line "${trimmed.slice(0, 40)}"`);
    const raw = match[2];
    if (raw === undefined) {
      out.set(match[1], null);
      continue;
    }
    const value = raw.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    out.set(match[1], quoted?.[2] ?? value);
  }
  return out;
}

export function readSecretsFile(path: string): Map<string, string | null> {
  return parseSecretsFile(readFileSync(path, "utf8"));
}

export interface LoadOptions {
  env: EnvName;
  configPath: string;
  secretsFile?: string;
  otherSecretsFile?: string;
  apiBaseUrl?: string;
  allowPlaceholders: boolean;
}

/** Reads everything the rules need; the migrations folder is the one the env's DB binding names. */
export function loadInput(options: LoadOptions): DoctorInput {
  const toml = readToml(options.configPath);
  const db = envView(toml, options.env).d1.find((d) => d.binding === "DB");
  const dir = typeof db?.migrations_dir === "string" ? db.migrations_dir : "migrations";
  const input: DoctorInput = {
    env: options.env,
    toml,
    migrations: readMigrations(resolve(dirname(options.configPath), dir)),
    allowPlaceholders: options.allowPlaceholders,
  };
  if (options.secretsFile) input.secrets = readSecretsFile(options.secretsFile);
  if (options.otherSecretsFile) input.otherSecrets = readSecretsFile(options.otherSecretsFile);
  if (options.apiBaseUrl) input.apiBaseUrl = options.apiBaseUrl;
  return input;
}
