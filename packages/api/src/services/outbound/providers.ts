import { findDomainSender, listDomainSenders, type DomainSender } from "@mailroom/db";
import { platformSender } from "../../adapters/platform-email.ts";
import type { OutboundSender } from "../../adapters/outbound.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { openSecret } from "../webhooks/secret.ts";

export type ProviderName = "platform" | "resend";

type ProviderContext = Pick<ServiceContext, "db" | "config" | "stores" | "adapters">;

/** What is available in this environment, before any domain's own setting. */
export interface Available {
  platform: boolean;
  resendKey: boolean;
}

export function availableProviders(ctx: Pick<ProviderContext, "config" | "stores">): Available {
  return { platform: ctx.stores.sendEmail !== undefined, resendKey: ctx.config.outbound.apiKey !== undefined };
}

/**
 * The provider that sends from a domain, or why none does. No row (automatic): Resend when
 * OUTBOUND_API_KEY is set (what every deployment did before the platform's sending), else the
 * platform when SEND_EMAIL is bound.
 */
export function providerOf(row: Pick<DomainSender, "provider" | "apiKey"> | null, env: Available): { provider: ProviderName; problem: null } | { provider: null; problem: string } {
  if (!row) {
    if (env.resendKey) return { provider: "resend", problem: null };
    if (env.platform) return { provider: "platform", problem: null };
    return { provider: null, problem: "No provider: SEND_EMAIL is not bound and OUTBOUND_API_KEY is not set" };
  }
  if (row.provider === "platform") return env.platform ? { provider: "platform", problem: null } : { provider: null, problem: "The platform's sending is chosen, but SEND_EMAIL is not bound in this environment" };
  return row.apiKey || env.resendKey ? { provider: "resend", problem: null } : { provider: null, problem: "Resend is chosen, but the domain has no key of its own and OUTBOUND_API_KEY is not set" };
}

/** The domain of `name@domain` or `Name <name@domain>`. */
function domainOfAddress(address: string): string {
  const bare = /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address;
  return bare.slice(bare.lastIndexOf("@") + 1).trim().toLowerCase();
}

/** What sealed a domain's secret is bound to, so a sealed value cannot be moved to another domain or field. */
export function sealedFor(domain: string, field: "api_key" | "events_secret"): string {
  return `domain-sender:${domain}:${field}`;
}

/**
 * The provider and sender for mail from `from` (CONTRACT §15), or `feature_disabled` naming the
 * domain and what is missing. One D1 read (the domain's row); sends are rare next to intake.
 */
export async function senderFor(ctx: ProviderContext, from: string): Promise<{ provider: ProviderName; sender: OutboundSender }> {
  const domain = domainOfAddress(from);
  const row = await findDomainSender(ctx.db, domain);
  const chosen = providerOf(row, availableProviders(ctx));
  if (!chosen.provider) throw new AppError("feature_disabled", `Mail from ${domain} cannot be sent: ${chosen.problem}`);
  if (chosen.provider === "platform" && ctx.stores.sendEmail) return { provider: "platform", sender: platformSender(ctx.stores.sendEmail) };
  let key = ctx.config.outbound.apiKey;
  if (row?.apiKey) {
    try {
      key = await openSecret(ctx.config, sealedFor(domain, "api_key"), row.apiKey);
    } catch (error) {
      throw new AppError("feature_disabled", `Mail from ${domain} cannot be sent: its Resend key cannot be read (${error instanceof Error ? error.message : String(error)}); an administrator must enter it again`);
    }
  }
  if (!key) throw new AppError("feature_disabled", `Mail from ${domain} cannot be sent: no Resend key`);
  return { provider: "resend", sender: ctx.adapters.resend(key) };
}

/** Whether any mail can be sent at all here: a provider for the environment or for some domain. */
export async function anyProvider(ctx: ProviderContext): Promise<boolean> {
  const env = availableProviders(ctx);
  if (env.platform || env.resendKey) return true;
  return (await listDomainSenders(ctx.db)).some((row) => providerOf(row, env).provider !== null);
}
