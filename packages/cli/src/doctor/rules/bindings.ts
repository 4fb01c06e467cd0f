import type { Finding, Rule } from "../types.ts";
import { envView, isTable } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "bindings";

/** Each store kind must be declared under exactly the binding name the worker reads. */
const expected = [
  { key: "d1", section: "d1_databases", field: "binding", name: "DB", required: true },
  { key: "kv", section: "kv_namespaces", field: "binding", name: "CACHE", required: true },
  { key: "r2", section: "r2_buckets", field: "binding", name: "ATTACHMENTS", required: false },
  { key: "ratelimits", section: "ratelimits", field: "name", name: "RATE_LIMITER", required: true },
] as const;

export const bindingRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  if (!view.declared) {
    return [
      finding(RULE, "error", `wrangler.toml has no [env.${input.env}] block.`, `Add [env.${input.env}] with its vars, DB, CACHE, ATTACHMENTS, RATE_LIMITER and the cron.`),
    ];
  }
  for (const kind of expected) {
    const section = `[[${view.prefix}${kind.section}]]`;
    const entries = view[kind.key];
    const names = entries.map((e) => e[kind.field]);
    for (const name of names) {
      if (name !== kind.name) {
        out.push(
          finding(RULE, "error", `${section} declares ${kind.field} = ${JSON.stringify(name)}; the worker only reads "${kind.name}".`, `Name the binding exactly "${kind.name}".`),
        );
      }
    }
    const count = names.filter((n) => n === kind.name).length;
    if (count > 1) {
      out.push(finding(RULE, "error", `${section} declares "${kind.name}" ${count} times.`, `Keep one "${kind.name}" binding per environment.`));
    }
    if (count === 0 && kind.required) {
      out.push(finding(RULE, "error", `${section} has no "${kind.name}" binding.`, `Declare the "${kind.name}" binding for this environment (bindings are not inherited from the root).`));
    }
    if (count === 0 && !kind.required) {
      out.push(
        finding(RULE, "warning", `${section} has no "${kind.name}" binding: attachment metadata is kept but files cannot be downloaded.`, `Create an R2 bucket for this environment and bind it as "${kind.name}".`),
      );
    }
  }
  for (const db of view.d1) {
    if (typeof db.database_name !== "string" || db.database_name === "") {
      out.push(finding(RULE, "error", `[[${view.prefix}d1_databases]] has no database_name.`, "Set database_name to the D1 database's name."));
    }
  }
  for (const kv of view.kv) {
    if (typeof kv.preview_id !== "string" || kv.preview_id === "") {
      out.push(finding(RULE, "error", `[[${view.prefix}kv_namespaces]] "${String(kv.binding)}" has no preview_id.`, "Every environment's CACHE needs both id and preview_id (a second KV namespace for previews)."));
    }
  }
  for (const bucket of view.r2) {
    if (typeof bucket.bucket_name !== "string" || bucket.bucket_name === "") {
      out.push(finding(RULE, "error", `[[${view.prefix}r2_buckets]] has no bucket_name.`, "Set bucket_name to the R2 bucket's name."));
    }
  }
  if (view.ai !== undefined) {
    const binding = isTable(view.ai) ? view.ai.binding : undefined;
    if (binding !== "AI") {
      out.push(finding(RULE, "error", `[${view.prefix}ai] declares binding = ${JSON.stringify(binding)}; the worker only reads "AI".`, 'Write [ai] binding = "AI".'));
    }
    if (input.env === "local") {
      out.push(
        finding(RULE, "warning", "The root block declares the Workers AI binding, so local development would need a platform account.", "Declare [env.staging.ai] / [env.production.ai] only; locally the AI fallback is simply off."),
      );
    }
  }
  return out;
};
