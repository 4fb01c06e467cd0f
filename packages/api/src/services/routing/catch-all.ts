import { deleteCatchAll, findCatchAll, findMailboxByAddress, findUserByEmail, insertMailboxUnderCap, listCatchAlls, setCatchAll, type CatchAll } from "@mailroom/db";
import { z } from "zod";
import { forgetCachedReads, IsolateCache } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { localPartSchema } from "../mailboxes/local-part.ts";
import { getDomainSettings } from "../settings/index.ts";

const domainField = z.string().trim().toLowerCase().min(1).max(253);

/** CONTRACT §13: off, one mailbox for every unknown address, or a new mailbox for an owner. */
export const catchAllInputSchema = z.discriminatedUnion("mode", [
  z.object({ domain: domainField, mode: z.literal("off") }).strict(),
  z.object({ domain: domainField, mode: z.literal("mailbox"), address: z.string().trim().toLowerCase().min(3).max(320) }).strict(),
  z.object({ domain: domainField, mode: z.literal("create"), ownerEmail: z.string().trim().toLowerCase().min(3).max(320) }).strict(),
]);

export type CatchAllView = { domain: string; mode: "off"; address: null; ownerEmail: null } | { domain: string; mode: "mailbox"; address: string; ownerEmail: null } | { domain: string; mode: "create"; address: null; ownerEmail: string };

function viewOf(domain: string, rule: CatchAll | undefined): CatchAllView {
  if (!rule) return { domain, mode: "off", address: null, ownerEmail: null };
  return rule.mode === "mailbox" ? { domain, mode: "mailbox", address: rule.address, ownerEmail: null } : { domain, mode: "create", address: null, ownerEmail: rule.ownerEmail };
}

/** Each configured domain with its catch-all (off unless set). */
export async function listCatchAllSettings(ctx: ServiceContext): Promise<{ domains: CatchAllView[] }> {
  const [settings, rules] = await Promise.all([getDomainSettings(ctx), listCatchAlls(ctx.db)]);
  const byDomain = new Map(rules.map((r) => [r.domain, r]));
  return { domains: settings.domains.map((domain) => viewOf(domain, byDomain.get(domain))) };
}

/** Sets one domain's catch-all; the mailbox (of anyone) must live on that domain, the owner must be enabled. */
export async function setCatchAllSetting(ctx: ServiceContext, input: z.output<typeof catchAllInputSchema>): Promise<CatchAllView> {
  const settings = await getDomainSettings(ctx);
  if (!settings.domains.includes(input.domain)) {
    throw new AppError("validation_failed", `${input.domain} is not one of the mail domains`, { issues: [{ path: "domain", message: "Choose one of the mail domains", rule: "domain_not_allowed" }] });
  }
  const now = ctx.clock.now();
  if (input.mode === "off") {
    await deleteCatchAll(ctx.db, input.domain);
  } else if (input.mode === "mailbox") {
    const mailbox = await findMailboxByAddress(ctx.db, input.address, now);
    if (!mailbox || mailbox.domain !== input.domain) {
      throw new AppError("validation_failed", `No mailbox ${input.address} on ${input.domain}`, { issues: [{ path: "address", message: `Enter an existing mailbox on ${input.domain}`, rule: "catch_all_mailbox" }] });
    }
    await setCatchAll(ctx.db, { domain: input.domain, mode: "mailbox", mailboxId: mailbox.id, now });
  } else {
    const owner = await findUserByEmail(ctx.db, input.ownerEmail);
    if (!owner || owner.disabled) {
      throw new AppError("validation_failed", `No enabled user ${input.ownerEmail}`, { issues: [{ path: "ownerEmail", message: "Enter the e-mail of an enabled user", rule: "catch_all_owner" }] });
    }
    await setCatchAll(ctx.db, { domain: input.domain, mode: "create", ownerId: owner.id, now });
  }
  forgetCachedReads();
  return (await listCatchAllSettings(ctx)).domains.find((d) => d.domain === input.domain) ?? viewOf(input.domain, undefined);
}

// Unknown addresses are where spam goes; the domain's rule is kept briefly so each costs no read.
const rules = new IsolateCache<CatchAll | null>(30_000, 200);

/**
 * Where a mail to an unknown address of `domain` goes under its catch-all: the address of the
 * mailbox to store it in, or null (rejected: off, a local part a mailbox cannot have, or the
 * owner's mailbox cap reached).
 */
export async function catchAllAddress(ctx: Pick<ServiceContext, "db" | "clock" | "log">, localPart: string, domain: string, mailboxCap: () => Promise<number>): Promise<string | null> {
  if (domain === "") return null;
  const now = ctx.clock.now();
  const rule = await rules.get(domain, now, () => findCatchAll(ctx.db, domain), () => true);
  if (!rule) return null;
  if (rule.mode === "mailbox") return rule.address;
  const name = localPartSchema.safeParse(localPart);
  if (!name.success) return null;
  const address = `${name.data}@${domain}`;
  const outcome = await insertMailboxUnderCap(ctx.db, { id: newId(), userId: rule.ownerId, localPart: name.data, domain, address, createdAt: now }, await mailboxCap());
  if (outcome === "cap_reached") {
    ctx.log.warn("catch-all: the owner's mailbox cap is reached; mail rejected", { domain });
    return null;
  }
  // "address_taken": created a moment ago by another delivery, or a mailbox that does not take mail.
  return address;
}
