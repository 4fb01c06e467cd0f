#!/usr/bin/env node
// The steps `npm run pages:build` adds around next-on-pages' own (`vercel build`, then
// `next-on-pages --skip-build`):
// - `prepare` writes the project file next-on-pages writes before it runs `vercel build` itself;
// - `prune` removes functions next-on-pages cannot convert. Every page lives under `app/[locale]/`
//   and is prerendered once per locale (the middleware picks one). `vercel build` also emits a
//   Node.js function per page for locales that were not prerendered, which `dynamicParams = false`
//   never lets run, and next-on-pages refuses Node.js functions: it recognises such templates only
//   when the dynamic segment ends the path (`/blog/[slug]`), not for `/[locale]/login`.
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const webRoot = path.resolve(import.meta.dirname, "..");
const functionsDir = path.join(webRoot, ".vercel", "output", "functions");
const templatesDir = path.join(functionsDir, "[locale]");

function prepare() {
  const projectFile = path.join(webRoot, ".vercel", "project.json");
  if (existsSync(projectFile)) return;
  mkdirSync(path.dirname(projectFile), { recursive: true });
  writeFileSync(projectFile, JSON.stringify({ projectId: "_", orgId: "_", settings: { framework: "nextjs" } }));
}

function prune() {
  // `vercel build` shares one function directory through symlinks: where one points into the
  // templates, keep a copy of what it points at, then drop the templates.
  const inTemplates = (file) => file.startsWith(`${templatesDir}${path.sep}`);
  for (const entry of readdirSync(functionsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    const link = path.join(entry.parentPath, entry.name);
    const target = realpathSync(link);
    if (!inTemplates(target) || inTemplates(link)) continue;
    rmSync(link);
    cpSync(target, link, { recursive: true, dereference: true });
  }
  rmSync(templatesDir, { recursive: true, force: true });
}

const steps = { prepare, prune };
const step = steps[process.argv[2]];
if (!step) {
  console.error(`usage: pages-build.mjs ${Object.keys(steps).join("|")}`);
  process.exit(2);
}
step();
