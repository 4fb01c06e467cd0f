import type { Finding, Rule } from "../types.ts";
import { envView, isPlaceholder } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "store-ids";

/**
 * Remote environments need real D1/KV ids. The committed file keeps `replace-with-*` placeholders
 * and the pipeline injects the real ids first, so a placeholder left at deploy time is an error;
 * `--allow-placeholders` is for checking the committed file itself.
 */
export const placeholderRules: Rule = (input) => {
  if (input.env === "local") return [];
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  const ids = [
    ...view.d1.map((db) => ({ where: `[[${view.prefix}d1_databases]] database_id`, value: db.database_id, secret: "PLATFORM_D1_DATABASE_ID" })),
    ...view.kv.map((kv) => ({ where: `[[${view.prefix}kv_namespaces]] id`, value: kv.id, secret: "PLATFORM_KV_NAMESPACE_ID" })),
    ...view.kv
      .filter((kv) => kv.preview_id !== undefined)
      .map((kv) => ({ where: `[[${view.prefix}kv_namespaces]] preview_id`, value: kv.preview_id, secret: "PLATFORM_KV_PREVIEW_NAMESPACE_ID" })),
  ];
  for (const id of ids) {
    if (typeof id.value !== "string" || id.value.trim() === "") {
      out.push(finding(RULE, "error", `${id.where} is missing.`, `Keep a replace-with-* placeholder in the committed file; the pipeline fills it from ${id.secret}.`));
    } else if (isPlaceholder(id.value)) {
      out.push(
        finding(
          RULE,
          input.allowPlaceholders ? "warning" : "error",
          `${id.where} is still the placeholder "${id.value}".`,
          `Set the GitHub secret ${id.secret} in the "${input.env}" environment; the pipeline injects it into a working copy (never commit real ids).`,
        ),
      );
    }
  }
  return out;
};
