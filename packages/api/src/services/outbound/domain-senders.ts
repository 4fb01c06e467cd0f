import { deleteDomainSender, findDomainSender, listDomainSenders, putDomainSender, type DomainSender } from "@mailroom/db";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { getDomainSettings } from "../settings/index.ts";
import { sealSecret } from "../webhooks/secret.ts";
import { availableProviders, providerOf, sealedFor, type ProviderName } from "./providers.ts";

// `undefined`: keep what is stored; null: remove it; a string: replace it.
const resendKey = z
  .string()
  .trim()
  .regex(/^re_[A-Za-z0-9_]{4,200}$/, { error: "Paste the Resend API key (it starts with re_)" })
  .nullable()
  .optional();
const eventsSecret = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, { error: "Paste the webhook's signing secret (it starts with whsec_)" })
  .nullable()
  .optional();

export const domainSenderInputSchema = z
  .object({
    domain: z.string().trim().toLowerCase().min(1).max(253),
    provider: z.enum(["auto", "platform", "resend"]),
    apiKey: resendKey,
    eventsSecret,
  })
  .strict();

export interface DomainSenderView {
  domain: string;
  /** What the administrator chose; `auto` when nothing was. */
  choice: "auto" | ProviderName;
  hasApiKey: boolean;
  hasEventsSecret: boolean;
  /** The provider that sends from this domain now, or null with the reason. */
  provider: ProviderName | null;
  problem: string | null;
}

function viewOf(domain: string, row: DomainSender | null, env: ReturnType<typeof availableProviders>): DomainSenderView {
  const chosen = providerOf(row, env);
  return { domain, choice: row?.provider ?? "auto", hasApiKey: Boolean(row?.apiKey), hasEventsSecret: Boolean(row?.eventsSecret), provider: chosen.provider, problem: chosen.problem };
}

/** Every mail domain with its provider, and what this environment has (CONTRACT §15). */
export async function listDomainSenderSettings(ctx: ServiceContext) {
  const [settings, rows] = await Promise.all([getDomainSettings(ctx), listDomainSenders(ctx.db)]);
  const byDomain = new Map(rows.map((r) => [r.domain, r]));
  const env = availableProviders(ctx);
  return {
    platformBound: env.platform,
    resendKeySet: env.resendKey,
    eventsSecretSet: ctx.config.outbound.eventsSecret !== undefined,
    domains: settings.domains.map((domain) => viewOf(domain, byDomain.get(domain) ?? null, env)),
  };
}

async function sealed(ctx: ServiceContext, domain: string, field: "api_key" | "events_secret", value: string): Promise<string> {
  if (!ctx.config.webhookSecretKey && ctx.config.environment !== "local") {
    throw new AppError("webhook_signing_key_missing", "Provider keys cannot be stored yet: the operator has not set WEBHOOK_SECRET_KEY for this environment");
  }
  return sealSecret(ctx.config, sealedFor(domain, field), value);
}

/**
 * Chooses the provider of one mail domain. A domain's own Resend key and event signing secret
 * are sealed and never shown again; a Resend choice keeps them unless replaced or removed.
 */
export async function setDomainSender(ctx: ServiceContext, input: z.output<typeof domainSenderInputSchema>): Promise<DomainSenderView> {
  const settings = await getDomainSettings(ctx);
  if (!settings.domains.includes(input.domain)) {
    throw new AppError("validation_failed", `${input.domain} is not one of the mail domains`, { issues: [{ path: "domain", message: "Choose one of the mail domains", rule: "domain_not_allowed" }] });
  }
  if (input.provider !== "resend" && (input.apiKey || input.eventsSecret)) {
    throw new AppError("validation_failed", "A Resend key or signing secret goes with the Resend provider only", { issues: [{ path: input.apiKey ? "apiKey" : "eventsSecret", message: "Choose Resend to store it" }] });
  }
  if (input.provider === "auto") {
    await deleteDomainSender(ctx.db, input.domain);
  } else {
    const current = input.provider === "resend" ? await findDomainSender(ctx.db, input.domain) : null;
    const keep = current?.provider === "resend" ? current : null;
    const apiKey = input.apiKey === undefined ? (keep?.apiKey ?? null) : input.apiKey === null ? null : await sealed(ctx, input.domain, "api_key", input.apiKey);
    const secret = input.eventsSecret === undefined ? (keep?.eventsSecret ?? null) : input.eventsSecret === null ? null : await sealed(ctx, input.domain, "events_secret", input.eventsSecret);
    await putDomainSender(ctx.db, { domain: input.domain, provider: input.provider, apiKey, eventsSecret: secret, updatedAt: ctx.clock.now() });
  }
  return viewOf(input.domain, await findDomainSender(ctx.db, input.domain), availableProviders(ctx));
}
