import { frequentCronMinutes } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "cron";

/**
 * Two triggers: a daily one runs retention, a frequent one (every minute) retries webhook
 * deliveries. Without either, data piles up or failed webhooks are never retried, silently.
 */
export const cronRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const crons = view.crons;
  const where = `[${view.prefix}triggers] crons`;
  if (!Array.isArray(crons) || crons.length === 0) {
    return [finding(RULE, "error", `${where} is missing or empty: retention and webhook retries never run.`, `Add [${view.prefix}triggers] crons = ["17 3 * * *", "* * * * *"].`)];
  }
  const out: Finding[] = crons
    .filter((c) => typeof c !== "string" || c.trim().split(/\s+/).length !== 5)
    .map((c) => finding(RULE, "error", `${where} holds ${JSON.stringify(c)}, not a five-field cron expression.`, 'Use a five-field expression such as "17 3 * * *".'));
  const valid = crons.filter((c): c is string => typeof c === "string" && c.trim().split(/\s+/).length === 5);
  const frequent = valid.map(frequentCronMinutes).filter((m): m is number => m !== null);
  if (!valid.some((c) => frequentCronMinutes(c) === null)) {
    out.push(finding(RULE, "error", `${where} has no daily trigger: retention never runs.`, 'Add a daily expression such as "17 3 * * *".'));
  }
  if (frequent.length === 0) {
    out.push(finding(RULE, "error", `${where} has no frequent trigger: failed webhook deliveries are never retried.`, 'Add "* * * * *" (every minute).'));
  } else if (Math.min(...frequent) > 5) {
    out.push(finding(RULE, "warning", `${where} retries webhooks only every ${String(Math.min(...frequent))} minutes: the first retries (1 and 5 minutes) come late.`, 'Use "* * * * *".'));
  }
  return out;
};
