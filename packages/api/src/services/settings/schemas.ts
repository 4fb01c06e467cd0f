import { z } from "zod";

const mib = 1024 * 1024;

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: "must be a domain name" })
  .max(253);

/**
 * `mail.domains`: the domains mailboxes may live on, the one used when none is asked for, and
 * which domains each role may create mailboxes on.
 */
export const domainSettingsSchema = z
  .object({
    domains: z.array(domainName).min(1).max(100),
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
      ctx.addIssue({ code: "custom", path: ["defaultDomain"], message: "must be one of the domains" });
    }
    for (const role of ["admin", "user"] as const) {
      s.roleAccess[role].forEach((d, i) => {
        if (!s.domains.includes(d)) {
          ctx.addIssue({ code: "custom", path: ["roleAccess", role, i], message: "must be one of the domains" });
        }
      });
    }
  });

export type DomainSettings = z.output<typeof domainSettingsSchema>;

const businessDefaultValues = {
  mailboxCap: 20,
  retentionDays: 7,
  outboundDailyQuota: 20,
  apiDailyQuota: 1000,
  attachmentMaxBytes: 10 * mib,
  aiFallbackDaily: 20,
} as const;

const businessFields = z.object({
  mailboxCap: z.int().min(0).max(10_000),
  retentionDays: z.int().min(1).max(3650),
  outboundDailyQuota: z.int().min(0).max(1_000_000),
  apiDailyQuota: z.int().min(0).max(10_000_000),
  // The platform accepts inbound mail up to 25 MiB, so a larger cap could never apply.
  attachmentMaxBytes: z.int().min(0).max(25 * mib),
  aiFallbackDaily: z.int().min(0).max(100_000),
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
  }),
);

/** Every setting key with the schema its stored JSON must satisfy. */
export const settingSchemas = {
  "mail.domains": domainSettingsSchema,
  "business.defaults": businessDefaultsSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
