import { parseConfig, settingNames } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { secretNames, looksSecret } from "../secret-names.ts";
import { envView, mergedSettings } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "vars";
const known: readonly string[] = settingNames;

/** The vars must load through the worker's own config loader, as strings, for the right environment. */
export const varRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const section = `[${view.prefix}vars]`;
  const out: Finding[] = [];
  for (const [name, value] of Object.entries(view.vars)) {
    if (typeof value !== "string") {
      out.push(finding(RULE, "error", `${section} ${name} is a TOML ${typeof value}; the worker reads every var as a string.`, `Quote it: ${name} = "${String(value)}".`));
    }
    if (!known.includes(name) && !secretNames.includes(name) && !looksSecret(name)) {
      out.push(finding(RULE, "warning", `${section} ${name} is not a setting the worker reads.`, "Remove it or fix the spelling (see DEPLOY.md for every setting)."));
    }
  }
  const environment = view.vars.ENVIRONMENT ?? (input.env === "local" ? "local" : undefined);
  if (environment !== input.env) {
    out.push(
      finding(RULE, "error", `${section} ENVIRONMENT is ${JSON.stringify(environment)} but this is the ${input.env} block; health would report the wrong environment.`, `Set ENVIRONMENT = "${input.env}" in ${section}.`),
    );
  }
  const parsed = parseConfig(mergedSettings(view.vars, input.secrets));
  if (!parsed.ok) {
    for (const issue of parsed.error.issues) {
      out.push(finding(`vars:${issue.setting}`, "error", `${issue.setting} ${issue.message}.`, `Correct ${issue.setting} in ${section} (or in the secrets, where it is a secret).`));
    }
  }
  if (input.env !== "local" && view.vars.WEBHOOK_ALLOW_PRIVATE_TARGETS === "true") {
    out.push(
      finding(RULE, "error", `${section} WEBHOOK_ALLOW_PRIVATE_TARGETS is "true": user webhooks could reach private and loopback addresses.`, `Set WEBHOOK_ALLOW_PRIVATE_TARGETS = "false" in ${section}; "true" is for local development only.`),
    );
  }
  if (input.env !== "local" && view.vars.BENCH_COUNTERS === "true") {
    out.push(
      finding(RULE, "error", `${section} BENCH_COUNTERS is "true": every D1, KV and R2 call would be counted and the tally served to anyone at /api/system/bench-counters.`, `Remove BENCH_COUNTERS from ${section}; it is for \`npm run bench\` only.`),
    );
  }
  if (input.env !== "local") {
    for (const name of settingNames.filter((n) => n.endsWith("_URL") && !secretNames.includes(n))) {
      const value = view.vars[name];
      if (typeof value === "string" && /^http:|\/\/(localhost|127\.|\[::1\])/i.test(value)) {
        out.push(finding(RULE, "warning", `${section} ${name} points at ${value}, a local or plain-http address.`, `Remove ${name} to use the real provider, or point it at an https address.`));
      }
    }
  }
  return out;
};
