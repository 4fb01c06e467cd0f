import { parseConfig } from "@mailroom/config";
import type { Finding, Rule } from "../types.ts";
import { envView, mergedSettings, secretState } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "outbound";

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
    return [finding(RULE, "error", `OUTBOUND_FROM (${from}) is not an e-mail address: mail sent from the service address is refused by the provider.`, 'Set OUTBOUND_FROM to "name@your-domain" or "Name <name@your-domain>".')];
  }
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (domain === fallbackDomain.toLowerCase()) return [];
  return [
    finding(
      "outbound",
      "warning",
      `OUTBOUND_FROM is on ${domain}, not on FALLBACK_MAIL_DOMAIN (${fallbackDomain}). The mail domains stored under Administration → Mail settings live in D1, which this check cannot read.`,
      `Make sure ${domain} is one of the stored mail domains and is set up for sending at its provider (SPF, DKIM and DMARC, see DEPLOY.md 1.12), or set FALLBACK_MAIL_DOMAIN in ${section} to it.`,
    ),
  ];
}

/**
 * Sending (CONTRACT §15): the `send_email` binding under the one name the worker reads, a provider
 * at all, and Resend's delivery events remotely. Which provider each domain uses lives in D1, out
 * of a static check's sight: Administration → Mail settings → Sending names every domain that
 * cannot send and why.
 */
export const outboundRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const out: Finding[] = [];
  const section = `[[${view.prefix}send_email]]`;
  for (const name of view.sendEmail.map((b) => b.name)) {
    if (name !== "SEND_EMAIL") out.push(finding(RULE, "error", `${section} declares name = ${JSON.stringify(name)}; the worker only reads "SEND_EMAIL".`, 'Name the binding exactly "SEND_EMAIL".'));
  }
  const platform = view.sendEmail.some((b) => b.name === "SEND_EMAIL");
  if (!input.secrets) return out;
  const resend = secretState(input.secrets, "OUTBOUND_API_KEY") !== "absent";
  if (!platform && !resend) {
    const from = secretState(input.secrets, "OUTBOUND_FROM") !== "absent";
    out.push(
      finding(
        RULE,
        from ? "warning" : "note",
        `No outbound provider in ${input.env}: SEND_EMAIL is not bound and OUTBOUND_API_KEY is not set, so sending mail is off${from ? " (OUTBOUND_FROM is set for nothing)" : ""}.`,
        `Bind ${section} name = "SEND_EMAIL" (Cloudflare's sending, DEPLOY.md 1.12) or put OUTBOUND_API_KEY (Resend).`,
      ),
    );
  }
  if (resend && input.env !== "local" && secretState(input.secrets, "OUTBOUND_EVENTS_SECRET") === "absent") {
    out.push(
      finding(
        RULE,
        "warning",
        `OUTBOUND_EVENTS_SECRET is not set in ${input.env}: Resend's delivery events are refused (401), so sent mail never shows delivered or bounced and bounces never reach their senders.`,
        `Add a webhook in Resend to https://<api host>/api/outbound/events/resend and put its signing secret (whsec_…) as OUTBOUND_EVENTS_SECRET with npm run secrets -- --env ${input.env} (DEPLOY.md 1.12).`,
      ),
    );
  }
  const from = input.secrets.get("OUTBOUND_FROM");
  // An invalid FALLBACK_MAIL_DOMAIN is the vars rule's finding; this one needs a valid one.
  const settings = parseConfig(mergedSettings(view.vars, input.secrets));
  if (typeof from === "string" && from.trim() !== "" && settings.ok) {
    out.push(...outboundFromFindings(from, settings.config.fallbackMailDomain, `[${view.prefix}vars]`));
  }
  return out;
};
