import type { Finding, Rule } from "../types.ts";
import { looksSecret, secretNames } from "../secret-names.ts";
import { envView } from "../view.ts";
import { finding } from "./finding.ts";

/** Secrets never live in wrangler.toml: it is committed, and a var blocks a secret of the same name. */
export const secretsInVarsRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  for (const name of Object.keys(view.vars)) {
    if (secretNames.includes(name) || looksSecret(name)) {
      out.push(
        finding(
          "secret-in-vars",
          "error",
          `[${view.prefix}vars] ${name} is a secret setting written into the committed configuration.`,
          input.env === "local"
            ? `Remove it from [vars] and put it in .dev.vars (git-ignored).`
            : `Remove it from [${view.prefix}vars], rotate the value if it was committed, and put it with npm run secrets -- --env ${input.env}.`,
        ),
      );
    }
  }
  return out;
};
