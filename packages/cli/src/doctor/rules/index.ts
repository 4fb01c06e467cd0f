import type { DoctorInput, Finding, Rule } from "../types.ts";
import { bindingRules } from "./bindings.ts";
import { cookieCorsRules } from "./cookies-cors.ts";
import { cronRules } from "./cron.ts";
import { messengerRules } from "./messenger.ts";
import { isolationRules } from "./isolation.ts";
import { migrationRules } from "./migrations.ts";
import { oauthRules } from "./oauth.ts";
import { outboundRules } from "./outbound.ts";
import { placeholderRules } from "./placeholders.ts";
import { rateLimiterRules } from "./rate-limiter.ts";
import { routeRules } from "./routes.ts";
import { secretsInVarsRules } from "./secrets-in-vars.ts";
import { varRules } from "./vars.ts";
import { webhookRules } from "./webhooks.ts";

const allRules: readonly Rule[] = [
  bindingRules,
  placeholderRules,
  rateLimiterRules,
  cronRules,
  varRules,
  cookieCorsRules,
  secretsInVarsRules,
  oauthRules,
  messengerRules,
  outboundRules,
  webhookRules,
  isolationRules,
  migrationRules,
  routeRules,
];

/** Every finding for one environment, in rule order. */
export function runRules(input: DoctorInput): Finding[] {
  return allRules.flatMap((rule) => rule(input));
}
