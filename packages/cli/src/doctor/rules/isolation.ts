import type { Finding, Rule, SecretValues } from "../types.ts";
import { envView, isPlaceholder, type EnvView } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "isolation";

/** Identifiers of the stores and the worker that must differ between staging and production. */
function storeIds(view: EnvView): { what: string; value: unknown }[] {
  return [
    { what: "worker name", value: view.workerName },
    ...view.d1.flatMap((db) => [
      { what: "D1 database_id", value: db.database_id },
      { what: "D1 database_name", value: db.database_name },
    ]),
    ...view.kv.flatMap((kv) => [
      { what: "KV id", value: kv.id },
      { what: "KV preview_id", value: kv.preview_id },
    ]),
    ...view.r2.map((bucket) => ({ what: "R2 bucket_name", value: bucket.bucket_name })),
  ];
}

// Separate OAuth apps and separate bots per environment: these values must never repeat.
const separateSecrets = [
  "CODEHOST_OAUTH_CLIENT_ID",
  "CODEHOST_OAUTH_CLIENT_SECRET",
  "CODEHOST_OAUTH_CALLBACK_URL",
  "FORUM_OAUTH_CLIENT_ID",
  "FORUM_OAUTH_CLIENT_SECRET",
  "FORUM_OAUTH_CALLBACK_URL",
  "MESSENGER_BOT_TOKEN",
];

function sharedSecrets(mine: SecretValues, other: SecretValues): string[] {
  return separateSecrets.filter((name) => {
    const a = mine.get(name);
    return typeof a === "string" && a.trim() !== "" && a === other.get(name);
  });
}

/** Staging and production never share stores, OAuth apps or bots. */
export const isolationRules: Rule = (input) => {
  if (input.env === "local") return [];
  const other = input.env === "staging" ? "production" : "staging";
  const mine = envView(input.toml, input.env);
  const theirs = storeIds(envView(input.toml, other));
  const out: Finding[] = [];
  for (const id of storeIds(mine)) {
    if (typeof id.value !== "string" || id.value === "" || isPlaceholder(id.value)) continue;
    if (theirs.some((t) => t.what === id.what && t.value === id.value)) {
      out.push(finding(RULE, "error", `${input.env} and ${other} share the ${id.what} ${JSON.stringify(id.value)}.`, `Create a separate resource for each environment and give ${input.env} its own ${id.what}.`));
    }
  }
  if (input.secrets && input.otherSecrets) {
    for (const name of sharedSecrets(input.secrets, input.otherSecrets)) {
      out.push(
        finding(RULE, "error", `${input.env} and ${other} share the same ${name}.`, name.startsWith("MESSENGER") ? "Create a separate bot for each environment." : "Register a separate OAuth app for each environment, with its own callback URL."),
      );
    }
    const hook = input.secrets.get("MESSENGER_WEBHOOK_SECRET");
    if (typeof hook === "string" && hook !== "" && hook === input.otherSecrets.get("MESSENGER_WEBHOOK_SECRET")) {
      out.push(finding(RULE, "warning", `${input.env} and ${other} use the same MESSENGER_WEBHOOK_SECRET.`, "Generate a separate webhook secret per environment."));
    }
  }
  return out;
};
