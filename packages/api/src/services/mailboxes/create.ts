import { insertMailboxUnderCap, type MailboxRow, type UserRow } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError, issuesOf } from "../../errors/index.ts";
import { expiresInHoursSchema } from "../../shared/validators.ts";
import { newId } from "../../lib/crypto.ts";
import { domainsForRole, getBusinessDefaults, getDomainSettings, getUserFeatures, type SettingsContext } from "../settings/index.ts";
import { randomLocalPart } from "./local-part.ts";

const hourMs = 60 * 60 * 1000;

/** The domains this user may create mailboxes on, default first. */
export async function allowedDomains(ctx: SettingsContext, user: Pick<UserRow, "role">): Promise<{ domains: string[]; defaultDomain: string | null }> {
  const settings = await getDomainSettings(ctx);
  const domains = domainsForRole(settings, user.role);
  const defaultDomain = domains.includes(settings.defaultDomain) ? settings.defaultDomain : (domains[0] ?? null);
  return { domains: defaultDomain ? [defaultDomain, ...domains.filter((d) => d !== defaultDomain)] : domains, defaultDomain };
}

/**
 * Creates a mailbox under CONTRACT §8's rules: the user's "mailbox creation" switch, the
 * domain's role access, and the per-user cap (checked inside the INSERT, so concurrent requests
 * cannot go past it). A random local part is retried on the rare collision. With
 * `expiresInHours` (1–8760) the mailbox expires that long after its creation; without, it is
 * kept until deleted. Every transport (tRPC, REST) passes it here, so the bounds hold for all.
 */
export async function createMailbox(
  ctx: ServiceContext,
  user: UserRow,
  input: { localPart?: string | undefined; domain?: string | undefined; expiresInHours?: number | undefined },
): Promise<MailboxRow> {
  const hours = input.expiresInHours === undefined ? undefined : expiresInHoursSchema.safeParse(input.expiresInHours);
  if (hours && !hours.success) {
    throw new AppError("validation_failed", "The mailbox lifetime is not valid", {
      issues: issuesOf(hours.error)?.map((issue) => ({ ...issue, path: "expiresInHours" })) ?? [],
    });
  }
  const [features, defaults, access] = await Promise.all([getUserFeatures(ctx, user.id), getBusinessDefaults(ctx), allowedDomains(ctx, user)]);
  if (!features.mailboxCreation) throw new AppError("feature_disabled", "Creating mailboxes is switched off for your account");
  const domain = input.domain ?? access.defaultDomain;
  if (!domain) throw new AppError("forbidden", "No mail domain is available to your account");
  if (!access.domains.includes(domain)) {
    throw new AppError("forbidden", `You cannot create mailboxes on ${domain}`, { issues: [{ path: "domain", message: "This domain is not available to you", rule: "domain_not_allowed" }] });
  }

  for (let attempt = 0; attempt < 5; attempt++) {
    const localPart = input.localPart ?? randomLocalPart();
    const createdAt = ctx.clock.now();
    const expiresAt = hours ? new Date(createdAt.getTime() + hours.data * hourMs) : null;
    const mailbox = { id: newId(), userId: user.id, localPart, domain, address: `${localPart}@${domain}`, createdAt, expiresAt };
    const outcome = await insertMailboxUnderCap(ctx.db, mailbox, defaults.mailboxCap);
    if (outcome === "created") return { ...mailbox, disabled: false, unreadCount: 0, forwardTo: [], keepCopy: true, paused: false };
    if (outcome === "cap_reached") {
      throw new AppError("quota_exceeded", `You have reached the limit of ${defaults.mailboxCap} mailboxes. Delete one to create another.`);
    }
    if (input.localPart !== undefined) {
      throw new AppError("conflict", `${mailbox.address} is already taken`, { issues: [{ path: "localPart", message: "This address is already taken", rule: "address_taken" }] });
    }
  }
  throw new AppError("conflict", "Could not find a free random address. Please try again.");
}
