import type { Rule } from "../types.ts";
import { envView } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "cron";

/** The daily cron drives retention and webhook retries; without it data piles up silently. */
export const cronRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const crons = view.crons;
  const where = `[${view.prefix}triggers] crons`;
  if (!Array.isArray(crons) || crons.length === 0) {
    return [finding(RULE, "error", `${where} is missing or empty: retention and webhook retries never run.`, `Add [${view.prefix}triggers] crons = ["17 3 * * *"].`)];
  }
  return crons
    .filter((c) => typeof c !== "string" || c.trim().split(/\s+/).length !== 5)
    .map((c) => finding(RULE, "error", `${where} holds ${JSON.stringify(c)}, not a five-field cron expression.`, 'Use a five-field expression such as "17 3 * * *".'));
};
