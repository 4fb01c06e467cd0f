import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { runWrangler } from "../lib/wrangler.ts";

// The worker bundle as wrangler would upload it (offline dry run), raw and gzipped.
const outdir = mkdtempSync(path.join(tmpdir(), "mailroom-bundle-"));
try {
  runWrangler(["deploy", "--dry-run", "--env", "production", "--outdir", outdir]);
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
