import { parseConfig } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView, mergedSettings, secretState } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "messenger";

// `name@domain` or `Display Name <name@domain>`, the two forms Resend takes as a sender.
const senderPattern = /^(?:[^<>]*<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+))$/;

/**
 * OUTBOUND_FROM must be an address, on a domain mail is handled for. The mail domains an
 * administrator stores live in D1, out of a static check's sight, so the doctor compares with
 * FALLBACK_MAIL_DOMAIN and says so when they differ.
 */
function outboundFromFindings(from: string, fallbackDomain: string, section: string): Finding[] {
  const match = senderPattern.exec(from.trim());
  const address = match?.[1] ?? match?.[2];
  if (!address) {
    return [finding("outbound", "error", `OUTBOUND_FROM (${from}) is not an e-mail address: mail sent from the service address is refused by the provider.`, 'Set OUTBOUND_FROM to "name@your-domain" or "Name <name@your-domain>".')];
  }
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (domain === fallbackDomain.toLowerCase()) return [];
  return [
    finding(
      "outbound",
      "warning",
      `OUTBOUND_FROM is on ${domain}, not on FALLBACK_MAIL_DOMAIN (${fallbackDomain}). The mail domains stored under Administration → Mail settings live in D1, which this check cannot read.`,
      `Make sure ${domain} is one of the stored mail domains and is verified at Resend (SPF and DKIM, see DEPLOY.md), or set FALLBACK_MAIL_DOMAIN in ${section} to it.`,
    ),
  ];
}

/** Feature secrets that only work together: messenger (token + webhook secret remotely) and outbound mail. */
export const featureRules: Rule = (input) => {
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
  if (secretState(input.secrets, "OUTBOUND_FROM") !== "absent" && secretState(input.secrets, "OUTBOUND_API_KEY") === "absent") {
    out.push(finding("outbound", "warning", "OUTBOUND_FROM is set but OUTBOUND_API_KEY is not: outbound mail stays disabled.", "Put OUTBOUND_API_KEY as well, or drop OUTBOUND_FROM."));
  }
  const from = input.secrets.get("OUTBOUND_FROM");
  // An invalid FALLBACK_MAIL_DOMAIN is the vars rule's finding; this one needs a valid one.
  const settings = parseConfig(mergedSettings(view.vars, input.secrets));
  if (typeof from === "string" && from.trim() !== "" && settings.ok) {
    out.push(...outboundFromFindings(from, settings.config.fallbackMailDomain, `[${view.prefix}vars]`));
  }
  return out;
};
