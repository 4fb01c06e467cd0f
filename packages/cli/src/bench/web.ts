// Every web page's first-load JavaScript as `next build` reports it (gzipped): the route table of
// a production build of apps/web. `node packages/cli/src/bench/web.ts`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { nodeProcess as process } from "../lib/node-process.ts";
import { repoRoot } from "../lib/wrangler.ts";

const result = spawnSync(path.join(repoRoot, "node_modules/.bin/next"), ["build"], {
  cwd: path.join(repoRoot, "apps/web"),
  encoding: "utf8",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_IGNORE_INCORRECT_LOCKFILE: "1" },
});
const output = `${result.stdout}\n${result.stderr}`;
if (result.status !== 0) {
  console.error(output.split("\n").slice(-20).join("\n"));
  throw new Error(`next build failed (exit ${String(result.status)})`);
}
// The table runs from its "Route (app)" heading to the legend that follows it.
const lines = output.split("\n");
const start = lines.findIndex((line) => line.startsWith("Route ("));
const end = lines.findIndex((line, i) => i > start && /^[○ƒ●]\s+\(/.test(line));
if (start < 0) throw new Error("next build printed no route table");
console.log("Web pages, first-load JS as next build reports it (gzipped):");
for (const line of lines.slice(start, end < 0 ? undefined : end)) if (line.trim() !== "") console.log(`  ${line}`);
