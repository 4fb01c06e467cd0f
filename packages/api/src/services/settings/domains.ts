import type { Role } from "@mailroom/db";
import { AppError, issuesOf } from "../../errors/index.ts";
import { domainSettingsInputSchema, type DomainSettings } from "./schemas.ts";
import { readSetting, writeSetting, type SettingsContext } from "./store.ts";

/** While no domain is stored, the configured fallback domain is the only one, open to every role. */
function fallbackDomainSettings(fallbackMailDomain: string): DomainSettings {
  return { domains: [fallbackMailDomain], defaultDomain: fallbackMailDomain, roleAccess: { admin: [fallbackMailDomain], user: [fallbackMailDomain] } };
}

export async function getDomainSettings(ctx: SettingsContext): Promise<DomainSettings> {
  return (await readSetting(ctx, "mail.domains")) ?? fallbackDomainSettings(ctx.config.fallbackMailDomain);
}

/** The domains a role may create mailboxes on. */
export function domainsForRole(settings: DomainSettings, role: Role): string[] {
  return settings.roleAccess[role];
}

/**
 * Replaces the domain settings. Throws `validation_failed` with an issue per bad entry
 * (`domains.<index>`), and stores nothing, while any domain or the value as a whole is wrong.
 */
export async function setDomainSettings(ctx: SettingsContext, value: unknown, updatedBy: string | null): Promise<DomainSettings> {
  const parsed = domainSettingsInputSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("validation_failed", "Some domain settings are not valid", { issues: issuesOf(parsed.error) });
  }
  await writeSetting(ctx, "mail.domains", parsed.data, updatedBy);
  return parsed.data;
}
