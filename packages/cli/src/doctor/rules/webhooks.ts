import type { Finding, Rule } from "../types.ts";
import { secretState } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "webhooks";

/**
 * Remotely, user webhooks need WEBHOOK_SECRET_KEY (it seals their signing secrets); without it
 * creating an endpoint fails. Locally the secrets are kept unsealed instead.
 */
export const webhookRules: Rule = (input) => {
  if (input.env === "local" || !input.secrets) return [];
  const out: Finding[] = [];
  if (secretState(input.secrets, "WEBHOOK_SECRET_KEY") === "absent") {
    out.push(
      finding(RULE, "error", `WEBHOOK_SECRET_KEY is not set for ${input.env}: users cannot create webhook endpoints or rotate their secrets.`, `Generate it once (openssl rand -base64 32) and put it with npm run secrets -- --env ${input.env}. Never change it afterwards: sealed secrets would no longer open.`),
    );
  }
  const key = input.secrets.get("WEBHOOK_SECRET_KEY");
  if (typeof key === "string" && key !== "" && key === input.otherSecrets?.get("WEBHOOK_SECRET_KEY")) {
    out.push(finding(RULE, "warning", "staging and production use the same WEBHOOK_SECRET_KEY.", "Generate a separate key per environment."));
  }
  return out;
};
