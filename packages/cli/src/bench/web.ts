// Every web page's first-load JavaScript, gzipped, in KiB: `node packages/cli/src/bench/web.ts`.
// Runs a production `next build` of apps/web, then adds up, per page, the files a browser loads
// before the page is interactive: the root files every page shares (webpack runtime, React, the
// app router) and the chunks of the page and of each layout above it, each file gzipped (level
// 9, as `next build` measures). Next's own table rounds to kB (1000 bytes); the budget is in KiB.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { nodeProcess as process } from "../lib/node-process.ts";
import { repoRoot } from "../lib/wrangler.ts";

/** The budget for the sign-in page, in KiB gzipped. */
const budgets: Record<string, number> = { "/[locale]/login": 110 };

const webDir = path.join(repoRoot, "apps/web");
const result = spawnSync(path.join(repoRoot, "node_modules/.bin/next"), ["build"], {
  cwd: webDir,
  encoding: "utf8",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_IGNORE_INCORRECT_LOCKFILE: "1" },
});
if (result.status !== 0) {
  console.error(`${result.stdout}\n${result.stderr}`.split("\n").slice(-20).join("\n"));
  throw new Error(`next build failed (exit ${String(result.status)})`);
}

const nextDir = path.join(webDir, ".next");
const rootFiles = z.object({ rootMainFiles: z.array(z.string()) }).parse(JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8"))).rootMainFiles;
const entries = z.object({ pages: z.record(z.string(), z.array(z.string())) }).parse(JSON.parse(readFileSync(path.join(nextDir, "app-build-manifest.json"), "utf8"))).pages;

const gzipped = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(nextDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const jsOf = (files: Iterable<string>) => [...files].filter((f) => f.endsWith(".js"));

/** A page's route as the app's folders name it, without route groups: `/[locale]/(app)/inbox/page` → `/[locale]/inbox`. */
const routeOf = (entry: string) => entry.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";

const rows: string[][] = [];
let over = false;
const shared = jsOf(rootFiles).reduce((sum, file) => sum + gzippedSize(file), 0);
for (const entry of Object.keys(entries).filter((e) => e.endsWith("/page")).sort()) {
  // The page's own chunks and those of every layout in a folder above it.
  const dir = entry.slice(0, -"/page".length);
  const layouts = Object.keys(entries).filter((e) => e.endsWith("/layout") && (dir + "/").startsWith(e.slice(0, -"layout".length)));
  const files = new Set(jsOf([...rootFiles, ...(entries[entry] ?? []), ...layouts.flatMap((l) => entries[l] ?? [])]));
  const total = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
  const route = routeOf(entry);
  const budget = budgets[route];
  if (budget !== undefined && total > budget * 1024) over = true;
  rows.push([route, kib(total), kib(total - shared), budget === undefined ? "" : `<= ${String(budget)} KiB ${total <= budget * 1024 ? "ok" : "OVER"}`]);
}
rows.unshift(["page", "first-load JS (gz)", "beyond the shared root", "budget"]);
console.log(`Web pages, first-load JavaScript gzipped (the root files every page loads: ${kib(shared)}):`);
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")}`);
if (over) process.exitCode = 1;
