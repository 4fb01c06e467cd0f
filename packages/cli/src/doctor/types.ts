export const environments = ["local", "staging", "production"] as const;

export type EnvName = (typeof environments)[number];

export function isEnvironment(value: unknown): value is EnvName {
  return environments.some((e) => e === value);
}

export type Severity = "error" | "warning" | "note";

/** One broken (or doubtful) rule: what is wrong and how to fix it. */
export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  fix: string;
}

/** A secrets file: each name maps to its value, or to null when the file lists the name alone. */
export type SecretValues = ReadonlyMap<string, string | null>;

/** The parsed TOML document; wrangler.toml is a tree of plain tables. */
export type Table = Record<string, unknown>;

/** Everything the rules look at, already read from disk; the rules themselves never do I/O. */
export interface DoctorInput {
  env: EnvName;
  toml: Table;
  /** File names in the migrations folder, or null when the folder is missing. */
  migrations: string[] | null;
  /** The checked environment's secrets file, when given. */
  secrets?: SecretValues;
  /** The other remote environment's secrets file, to catch apps or bots shared between the two. */
  otherSecrets?: SecretValues;
  /** VITE_API_BASE_URL of the front-end build, when the separate-API-domain mode is used. */
  apiBaseUrl?: string;
  /** Downgrades placeholder store ids from errors to warnings (checking the committed file). */
  allowPlaceholders: boolean;
}

export type Rule = (input: DoctorInput) => Finding[];
