import { z } from "zod";
import { hostnameSchema } from "../../shared/hostname.ts";

const mib = 1024 * 1024;

// Values stored before the stricter rule for new domains still read (the lenient shape below);
// every write goes through `hostnameSchema`, one host name per entry with plain-word problems.
const storedDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: "must be a domain name" })
  .max(253);

/**
 * `mail.domains`: the domains mailboxes may live on, the one used when none is asked for, and
 * which domains each role may create mailboxes on.
 */
function domainSettingsOf(domainName: z.ZodType<string, string>) {
  return z
    .object({
      domains: z.array(domainName).min(1, { error: "Enter at least one domain" }).max(100, { error: "Enter at most 100 domains" }),
      defaultDomain: domainName,
      roleAccess: z.object({
        admin: z.array(domainName).max(100),
        user: z.array(domainName).max(100),
      }),
    })
    .transform((s) => ({
      domains: [...new Set(s.domains)],
      defaultDomain: s.defaultDomain,
      roleAccess: { admin: [...new Set(s.roleAccess.admin)], user: [...new Set(s.roleAccess.user)] },
    }))
    .superRefine((s, ctx) => {
      if (!s.domains.includes(s.defaultDomain)) {
        ctx.addIssue({ code: "custom", path: ["defaultDomain"], message: "Choose one of the domains above as the default" });
      }
      for (const role of ["admin", "user"] as const) {
        s.roleAccess[role].forEach((d, i) => {
          if (!s.domains.includes(d)) {
            ctx.addIssue({ code: "custom", path: ["roleAccess", role, i], message: "Must be one of the domains above" });
          }
        });
      }
    });
}

const domainSettingsSchema = domainSettingsOf(storedDomainName);

/** A new value for `mail.domains`, as the settings service accepts it. */
export const domainSettingsInputSchema = domainSettingsOf(hostnameSchema);

export type DomainSettings = z.output<typeof domainSettingsSchema>;

const businessDefaultValues = {
  mailboxCap: 20,
  retentionDays: 7,
  outboundDailyQuota: 20,
  apiDailyQuota: 1000,
  attachmentMaxBytes: 10 * mib,
  aiFallbackDaily: 20,
  // The platform's free-plan D1 size (CONTRACT §12); a paid plan's databases hold 10 GB.
  storageCapBytes: 500_000_000,
  dmarcFailurePolicy: "accept",
} as const;

/** What intake does with mail that fails DMARC (CONTRACT §13). */
const dmarcFailurePolicies = ["accept", "flag", "reject"] as const;

/** A whole number in [min, max], with plain words for each way it can be wrong. */
function count(min: number, max: number, unit: string, maxText = `${max.toLocaleString("en")} ${unit}`) {
  return z
    .int({ error: "Enter a whole number" })
    .min(min, { error: `Enter at least ${min} ${min === 1 ? unit.replace(/s$/, "") : unit}` })
    .max(max, { error: `Enter at most ${maxText}` });
}

const businessFields = z.object({
  mailboxCap: count(0, 10_000, "mailboxes"),
  retentionDays: count(1, 3650, "days"),
  outboundDailyQuota: count(0, 1_000_000, "mails"),
  apiDailyQuota: count(0, 10_000_000, "calls"),
  // The platform accepts inbound mail up to 25 MiB, so a larger cap could never apply.
  attachmentMaxBytes: count(0, 25 * mib, "bytes", "25 MiB"),
  aiFallbackDaily: count(0, 100_000, "recognitions"),
  storageCapBytes: count(1_000_000, 10_000_000_000, "bytes", "10,000,000,000 bytes (10 GB)"),
  dmarcFailurePolicy: z.enum(dmarcFailurePolicies, { error: "Choose accept, flag or reject" }),
});

export type BusinessDefaults = z.output<typeof businessFields>;

/** A change to the business defaults: the fields given replace the current ones. */
export const businessDefaultsPatchSchema = businessFields.partial().strict();

// A field missing from the stored value takes its default, so values stored before a field
// existed still read.
export const businessDefaultsSchema = businessFields.partial().transform(
  (stored): BusinessDefaults => ({
    mailboxCap: stored.mailboxCap ?? businessDefaultValues.mailboxCap,
    retentionDays: stored.retentionDays ?? businessDefaultValues.retentionDays,
    outboundDailyQuota: stored.outboundDailyQuota ?? businessDefaultValues.outboundDailyQuota,
    apiDailyQuota: stored.apiDailyQuota ?? businessDefaultValues.apiDailyQuota,
    attachmentMaxBytes: stored.attachmentMaxBytes ?? businessDefaultValues.attachmentMaxBytes,
    aiFallbackDaily: stored.aiFallbackDaily ?? businessDefaultValues.aiFallbackDaily,
    storageCapBytes: stored.storageCapBytes ?? businessDefaultValues.storageCapBytes,
    dmarcFailurePolicy: stored.dmarcFailurePolicy ?? businessDefaultValues.dmarcFailurePolicy,
  }),
);

/** Every setting key with the schema its stored JSON must satisfy. */
export const settingSchemas = {
  "mail.domains": domainSettingsSchema,
  "business.defaults": businessDefaultsSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
