import { mailboxes } from "@mailroom/db";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { domainsForRole, getBusinessDefaults, getDomainSettings, getUserFeatures, settingsDeps } from "../settings/index.ts";
import type { SessionUser } from "../../auth/session.ts";
import { randomLocalPart } from "./local-part.ts";

type MailboxContext = Pick<Context, "db" | "env" | "config">;

/** The domains this user may create mailboxes on, default first. */
export async function allowedDomains(ctx: MailboxContext, user: SessionUser): Promise<{ domains: string[]; defaultDomain: string | null }> {
  const settings = await getDomainSettings(settingsDeps(ctx));
  const domains = domainsForRole(settings, user.role);
  const defaultDomain = domains.includes(settings.defaultDomain) ? settings.defaultDomain : (domains[0] ?? null);
  return { domains: defaultDomain ? [defaultDomain, ...domains.filter((d) => d !== defaultDomain)] : domains, defaultDomain };
}

/**
 * Creates a mailbox under CONTRACT §8's rules. The cap is checked inside the INSERT itself, so
 * concurrent requests cannot go past it.
 */
export async function createMailbox(ctx: MailboxContext, user: SessionUser, input: { localPart?: string | undefined; domain?: string | undefined }) {
  const deps = settingsDeps(ctx);
  const [features, defaults, access] = await Promise.all([getUserFeatures(ctx.db, user.id), getBusinessDefaults(deps), allowedDomains(ctx, user)]);
  if (!features.mailboxCreation) throw new AppError("feature_disabled", "Creating mailboxes is switched off for your account");
  const domain = input.domain ?? access.defaultDomain;
  if (!domain) throw new AppError("forbidden", "No mail domain is available to your account");
  if (!access.domains.includes(domain)) {
    throw new AppError("forbidden", `You cannot create mailboxes on ${domain}`, { issues: [{ path: "domain", message: "This domain is not available to you" }] });
  }

  for (let attempt = 0; attempt < 5; attempt++) {
    const localPart = input.localPart ?? randomLocalPart();
    const address = `${localPart}@${domain}`;
    const id = newId();
    let inserted: D1Result;
    try {
      inserted = await ctx.env.DB.prepare(
        `INSERT INTO mailboxes (id, user_id, local_part, domain, address, disabled, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 0, ?6 WHERE (SELECT COUNT(*) FROM mailboxes WHERE user_id = ?2) < ?7`,
      )
        .bind(id, user.id, localPart, domain, address, Date.now(), defaults.mailboxCap)
        .run();
    } catch (error) {
      if (!String(error).includes("UNIQUE constraint failed: mailboxes.address")) throw error;
      if (input.localPart !== undefined) {
        throw new AppError("conflict", `${address} is already taken`, { issues: [{ path: "localPart", message: "This address is already taken" }] });
      }
      continue;
    }
    if (inserted.meta.changes !== 1) {
      throw new AppError("quota_exceeded", `You have reached the limit of ${defaults.mailboxCap} mailboxes. Delete one to create another.`);
    }
    const [mailbox] = await ctx.db.select().from(mailboxes).where(eq(mailboxes.id, id)).limit(1);
    if (!mailbox) throw new AppError("internal", "The mailbox could not be read back");
    return mailbox;
  }
  throw new AppError("conflict", "Could not find a free random address. Please try again.");
}
