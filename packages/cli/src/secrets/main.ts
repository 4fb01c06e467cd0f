// `npm run secrets -- --env staging|production [--from-file F] [--dry-run] [--config F]`
// Lists the secrets the environment needs for the features its values enable, checks them with the
// doctor's rules, then puts each with `wrangler secret put NAME --env X` (value on stdin). Values are
// never printed.
import { resolve } from "node:path";
import { readSecretsFile, readToml } from "../doctor/load.ts";
import { formatReport } from "../doctor/report.ts";
import { messengerRules } from "../doctor/rules/messenger.ts";
import { oauthRules } from "../doctor/rules/oauth.ts";
import { outboundRules } from "../doctor/rules/outbound.ts";
import { secretsInVarsRules } from "../doctor/rules/secrets-in-vars.ts";
import { varRules } from "../doctor/rules/vars.ts";
import { secretNames } from "../doctor/secret-names.ts";
import type { DoctorInput } from "../doctor/types.ts";
import { envView } from "../doctor/view.ts";
import { messageOf, parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { runWrangler } from "../lib/wrangler.ts";
import { planSecrets } from "./plan.ts";

const usage = `usage: npm run secrets -- --env staging|production [--from-file F] [--dry-run] [--config F]
  values come from --from-file (NAME=value lines) and, for names not in it, from environment variables`;

/** Values from the file first, then from process environment variables of the same name. */
function collect(file: string | undefined): { values: Map<string, string>; source: Map<string, string> } {
  const fromFile = file ? readSecretsFile(file) : new Map<string, string | null>();
  const values = new Map<string, string>();
  const source = new Map<string, string>();
  for (const name of secretNames) {
    const inFile = fromFile.get(name);
    const fromEnv = process.env[name];
    if (typeof inFile === "string" && inFile.trim() !== "") {
      values.set(name, inFile.trim());
      source.set(name, "file");
    } else if (fromEnv !== undefined && fromEnv.trim() !== "") {
      values.set(name, fromEnv.trim());
      source.set(name, "environment");
    }
  }
  return { values, source };
}

function main(): number {
  const args = parseCommandLine(
    {
      options: {
        env: { type: "string" },
        "from-file": { type: "string" },
        "dry-run": { type: "boolean", default: false },
        config: { type: "string", default: "wrangler.toml" },
        help: { type: "boolean", default: false },
      },
    },
    usage,
  ).values;
  if (args.help) {
    console.log(usage);
    return 0;
  }
  const env = args.env;
  if (env !== "staging" && env !== "production") {
    throw new UsageError(`--env must be staging or production (local secrets go in .dev.vars)\n\n${usage}`);
  }
  const config = resolve(args.config);
  let toml;
  let collected;
  try {
    toml = readToml(config);
    collected = collect(args["from-file"]);
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const { values, source } = collected;
  const plan = planSecrets(values, envView(toml, env).vars);
  console.log(`secrets for ${env}:`);
  for (const feature of plan) {
    if (!feature.enabled) {
      console.log(`  ${feature.feature}: off (${feature.reason ?? "not enabled"})`);
      continue;
    }
    const missing = feature.missing.length > 0 ? `; MISSING ${feature.missing.join(", ")}` : "";
    console.log(`  ${feature.feature}: on -> ${feature.put.join(", ")}${missing}`);
  }

  const input: DoctorInput = { env, toml, migrations: [], secrets: values, allowPlaceholders: true };
  // `vars:<NAME>` findings are the config loader refusing a value (a malformed WEBHOOK_SECRET_KEY, say).
  const loader = varRules(input).filter((f) => f.rule.startsWith("vars:"));
  const findings = [...secretsInVarsRules(input), ...oauthRules(input), ...messengerRules(input), ...outboundRules(input), ...loader].filter((f) => f.severity === "error");
  const missing = plan.flatMap((f) => f.missing);
  if (findings.length > 0) console.error(formatReport(env, findings));
  if (missing.length > 0) console.error(`secrets: missing values for ${missing.join(", ")}; nothing was put.`);
  if (findings.length > 0 || missing.length > 0) return 1;

  const names = plan.flatMap((f) => f.put);
  if (names.length === 0) {
    console.log("No feature is enabled by the given values: nothing to put.");
    return 0;
  }
  for (const name of names) {
    const command = `wrangler secret put ${name} --env ${env}`;
    if (args["dry-run"]) {
      console.log(`would run: ${command}  (value from ${source.get(name) ?? "?"})`);
      continue;
    }
    console.log(`running: ${command}`);
    try {
      runWrangler(["secret", "put", name, "--env", env, "--config", config], { input: values.get(name), showOutput: true });
    } catch (error) {
      throw new Error(`${messageOf(error)}; the remaining secrets were not put.`);
    }
  }
  return 0;
}

runMain(main);
