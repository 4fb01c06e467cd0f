// `npm run doctor -- --env local|staging|production [--config F] [--secrets-file F]
// [--other-secrets-file F] [--api-base-url URL] [--allow-placeholders] [--json]`
import { resolve } from "node:path";
import { messageOf, parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { loadInput } from "./load.ts";
import { exitCode, formatReport } from "./report.ts";
import { runRules } from "./rules/index.ts";
import { environments, isEnvironment } from "./types.ts";

const usage = `usage: npm run doctor -- --env local|staging|production [options]
  --config F               wrangler configuration to check (default wrangler.toml)
  --secrets-file F         the environment's secrets, .dev.vars style (NAME=value, or NAME alone)
  --other-secrets-file F   the other remote environment's secrets, to catch shared apps and bots
  --api-base-url URL       VITE_API_BASE_URL of the front-end build (default: that env variable)
  --allow-placeholders     report replace-with-* store ids as warnings (checking the committed file)
  --json                   print the findings as JSON`;

function main(): number {
  const args = parseCommandLine(
    {
      options: {
        env: { type: "string" },
        config: { type: "string", default: "wrangler.toml" },
        "secrets-file": { type: "string" },
        "other-secrets-file": { type: "string" },
        "api-base-url": { type: "string" },
        "allow-placeholders": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    },
    usage,
  ).values;
  if (args.help) {
    console.log(usage);
    return 0;
  }
  if (!isEnvironment(args.env)) throw new UsageError(`--env must be one of ${environments.join(", ")}\n\n${usage}`);
  let input;
  try {
    input = loadInput({
      env: args.env,
      configPath: resolve(args.config),
      secretsFile: args["secrets-file"],
      otherSecretsFile: args["other-secrets-file"],
      apiBaseUrl: args["api-base-url"] ?? process.env.VITE_API_BASE_URL,
      allowPlaceholders: args["allow-placeholders"],
    });
  } catch (error) {
    throw new UsageError(`cannot read the configuration: ${messageOf(error)}`);
  }
  const findings = runRules(input);
  console.log(args.json ? JSON.stringify(findings, null, 2) : formatReport(args.env, findings));
  return exitCode(findings);
}

runMain(main);
