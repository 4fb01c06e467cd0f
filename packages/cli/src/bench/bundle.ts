import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot } from "../lib/d1.ts";

import { nodeProcess as process } from "../lib/node-process.ts";

// The worker bundle as wrangler would upload it (offline dry run), raw and gzipped.
const outdir = mkdtempSync(path.join(tmpdir(), "mailroom-bundle-"));
try {
  const result = spawnSync("wrangler", ["deploy", "--dry-run", "--env", "production", "--outdir", outdir], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error) throw new Error(`could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stderr}`);
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(outdir)) {
    if (file.endsWith(".map")) continue;
    const full = path.join(outdir, file);
    raw += statSync(full).size;
    gzip += gzipSync(readFileSync(full)).length;
  }
  console.log(`worker bundle (production): ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzipped`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
