import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Database } from "@mailroom/db";
import { parse, stringify } from "smol-toml";
import { getPlatformProxy } from "wrangler";
import type { EnvName } from "../doctor/types.ts";
import { nodeProcess as process } from "./node-process.ts";
import { patientD1 } from "./patient-d1.ts";
import { retryWhileBusySync } from "./sqlite-busy.ts";
import { repoRoot, runWrangler } from "./wrangler.ts";

export interface DatabaseTarget {
  /** `local` (wrangler's local state) or a remote environment. */
  env: EnvName;
  /** Local state directory (defaults to MAILROOM_STATE_DIR, else wrangler's `.wrangler/state`). */
  persistTo?: string | undefined;
  /** A wrangler config with real ids (the pipeline's working copy) for remote environments. */
  config?: string | undefined;
}

export interface OpenDatabase {
  db: Database;
  close: () => Promise<void>;
}

/**
 * The environment's `DB` config with `remote = true`, so wrangler's platform proxy reaches the
 * deployed database (remote bindings); written next to the source config so relative paths hold.
 */
export function remoteConfig(configPath: string, env: EnvName): string {
  const config = parse(readFileSync(configPath, "utf8"));
  const envBlock = (config.env as Record<string, { d1_databases?: Record<string, unknown>[] }> | undefined)?.[env];
  const binding = envBlock?.d1_databases?.find((d) => d.binding === "DB");
  if (!binding) throw new Error(`${path.basename(configPath)} declares no DB binding for the ${env} environment`);
  binding.remote = true;
  return stringify(config);
}

/**
 * The environment's database through wrangler's platform proxy, so the CLI runs the same query
 * layer as the worker: local D1 (after applying the migrations, which is idempotent), or the
 * remote D1 of staging/production through wrangler's remote bindings (needs CLOUDFLARE_API_TOKEN).
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  // Wrangler's progress lines would land in the command's stdout, which scripts parse.
  process.env.WRANGLER_LOG ??= "error";
  const configPath = path.resolve(repoRoot, target.config ?? "wrangler.toml");
  if (target.env === "local") {
    const persistTo = target.persistTo ?? process.env.MAILROOM_STATE_DIR;
    // A running `npm run dev` may hold the same SQLite file's lock for a moment: wait it out.
    retryWhileBusySync(() => runWrangler(["d1", "migrations", "apply", "DB", "--local", "--config", configPath, ...(persistTo ? ["--persist-to", persistTo] : [])]));
    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath,
      persist: { path: path.join(persistTo ?? path.join(path.dirname(configPath), ".wrangler/state"), "v3") },
      remoteBindings: false,
    });
    return { db: createDb(patientD1(proxy.env.DB)), close: () => proxy.dispose() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "mailroom-remote-"));
  const remotePath = path.join(path.dirname(configPath), `.${path.basename(configPath, ".toml")}.${target.env}.remote.toml`);
  writeFileSync(remotePath, remoteConfig(configPath, target.env));
  const removeDir = () => {
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: remotePath, environment: target.env, persist: { path: dir }, remoteBindings: true });
    return {
      db: createDb(proxy.env.DB),
      close: async () => {
        await proxy.dispose();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  } finally {
    rmSync(remotePath, { force: true });
  }
}
