import type { Finding, Rule } from "../types.ts";
import { envView, secretState } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "messenger";

/** Messenger secrets that only work together: the token, and remotely the webhook secret. */
export const messengerRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  const disabled = view.vars.ENABLE_MESSENGER === "false";
  if (!input.secrets) return out;
  const token = !disabled && secretState(input.secrets, "MESSENGER_BOT_TOKEN") !== "absent";
  const secret = secretState(input.secrets, "MESSENGER_WEBHOOK_SECRET") !== "absent";
  if (token && !secret && input.env !== "local") {
    out.push(
      finding(RULE, "error", `Messenger is enabled in ${input.env} (MESSENGER_BOT_TOKEN is set) without MESSENGER_WEBHOOK_SECRET: every webhook call is refused and configuring the webhook fails.`, `Put MESSENGER_WEBHOOK_SECRET (a long random string) with npm run secrets -- --env ${input.env}, or set ENABLE_MESSENGER = "false".`),
    );
  }
  if (!disabled && !token && secret) {
    out.push(finding(RULE, "warning", "MESSENGER_WEBHOOK_SECRET is set but MESSENGER_BOT_TOKEN is not: messenger stays disabled.", "Put this environment's own bot token as MESSENGER_BOT_TOKEN."));
  }
  const username = view.vars.MESSENGER_BOT_USERNAME;
  if (token && (typeof username !== "string" || username.trim() === "")) {
    out.push(finding(RULE, "warning", "MESSENGER_BOT_USERNAME is empty: binding codes come without a deep link.", `Set MESSENGER_BOT_USERNAME (without @) in [${view.prefix}vars].`));
  }
  return out;
};
